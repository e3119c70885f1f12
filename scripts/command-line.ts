/**
 * The scripts' command lines (perf, bench, soak, the bundle budget): node's parseArgs, plus
 * `--help`, and a mistyped or unknown option answered with the usage and exit code 2 instead of
 * a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function commandLine<T extends ParseArgsConfig>(usage: string, config: T): ReturnType<typeof parseArgs<T>> {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs(config);
  } catch (error) {
    if (!(error instanceof TypeError) || !('code' in error) || !String(error.code).startsWith('ERR_PARSE_ARGS'))
      throw error;
    console.error(`${error.message.split('. ')[0]}.\n\n${usage}`);
    process.exit(2);
  }
}
