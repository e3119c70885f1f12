/**
 * The measuring scripts' command lines, run as a person types them: a wrong option gets the usage
 * and exit code 2 (no stack trace, nothing started), `--help` the usage and 0.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

async function outcome(script: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(import.meta.dirname, script), ...args], {
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.each(['perf.ts', 'bench.ts', 'soak.ts', 'check-bundle-budget.ts'])('%s', (script) => {
  it('answers an unknown option with its usage and exit code 2', async () => {
    const { code, stderr } = await outcome(script, ['--nope']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Unknown option '--nope'\.\n\nusage: /);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('prints its usage for --help', async () => {
    const { code, stdout } = await outcome(script, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: /);
  });
});
