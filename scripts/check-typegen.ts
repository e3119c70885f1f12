/**
 * Fails when the committed generated files (studio/schema.json, web/app/lib/sanity/sanity.types.ts) are
 * stale: runs `sanity schema extract` + `sanity typegen generate` into a scratch folder under .tmp/ and
 * compares. Usage: node scripts/check-typegen.ts. Fix: npm run typegen -w studio.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const studio = join(root, 'studio');
const sanityBin = join(root, 'node_modules/sanity/bin/sanity');

/** Generated file name in the scratch folder -> committed file. */
export const GENERATED = {
  'schema.json': join(studio, 'schema.json'),
  'sanity.types.ts': join(root, 'web/app/lib/sanity/sanity.types.ts'),
} as const;

async function sanity(args: string[], outDir: string): Promise<void> {
  // studio/sanity.cli.ts points both outputs at SANITY_TYPEGEN_OUT_DIR when it is set.
  const env = { ...process.env, SANITY_TYPEGEN_OUT_DIR: outDir, SANITY_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };
  await promisify(execFile)(process.execPath, [sanityBin, ...args], { cwd: studio, env, maxBuffer: 16 * 1024 * 1024 });
}

/** Runs extract + typegen exactly as `npm run typegen -w studio` does, but into a fresh scratch folder. */
export async function generateIntoScratch(): Promise<string> {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  // Inside the repository so typegen formats with the repository's prettier settings.
  const outDir = mkdtempSync(join(root, '.tmp', 'typegen-check-'));
  // --path is taken relative to the studio folder (even when absolute).
  const schemaPath = relative(studio, join(outDir, 'schema.json'));
  await sanity(['schema', 'extract', '--force', '--enforce-required-fields', '--path', schemaPath], outDir);
  await sanity(['typegen', 'generate'], outDir);
  return outDir;
}

/** The generated text without the one line that names where the schema file was. */
function normalise(text: string, outDir: string): string {
  const schema = join(outDir, 'schema.json');
  return text
    .replaceAll(`// Source: ${schema}`, '// Source: schema.json')
    .replaceAll(`// Source: ${relative(studio, schema)}`, '// Source: schema.json');
}

/** Committed files that differ from the scratch output (paths relative to the repository). */
export function staleFiles(outDir: string, committed: Record<string, string> = GENERATED): string[] {
  return Object.entries(committed)
    .filter(([name, target]) => {
      if (!existsSync(target)) return true;
      const fresh = normalise(readFileSync(join(outDir, name), 'utf8'), outDir);
      return fresh !== readFileSync(target, 'utf8');
    })
    .map(([, target]) => relative(root, target));
}

if (import.meta.main) {
  const started = performance.now();
  const outDir = await generateIntoScratch();
  try {
    const stale = staleFiles(outDir);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (stale.length > 0) {
      console.error(`Stale generated files (run \`npm run typegen -w studio\` and commit):\n  ${stale.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(`Generated Sanity types are up to date (${seconds} s).`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
