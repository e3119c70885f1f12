/**
 * The Sanity side of typegen: `sanity schema extract` then `sanity typegen generate`, exactly as
 * `npm run typegen -w studio` runs them, either onto the committed files or into a scratch folder.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../local/env.ts';

export const STUDIO_DIR = join(repoRoot, 'studio');
const sanityBin = join(repoRoot, 'node_modules/sanity/bin/sanity');

/** Generated file name -> where it is committed. */
export const SANITY_FILES = {
  'schema.json': join(STUDIO_DIR, 'schema.json'),
  'sanity.types.ts': join(repoRoot, 'web/app/lib/sanity/sanity.types.ts'),
} as const;

async function sanity(args: string[], studioDir: string, outDir?: string): Promise<void> {
  // studio/sanity.cli.ts points both outputs at SANITY_TYPEGEN_OUT_DIR when it is set.
  const env: NodeJS.ProcessEnv = { ...process.env, SANITY_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };
  if (outDir) env.SANITY_TYPEGEN_OUT_DIR = outDir;
  else delete env.SANITY_TYPEGEN_OUT_DIR;
  await promisify(execFile)(process.execPath, [sanityBin, ...args], {
    cwd: studioDir,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Extract + typegen onto the committed files (what `npm run typegen` does for Sanity). */
export async function writeSanityTypes(): Promise<void> {
  await sanity(['schema', 'extract', '--force', '--enforce-required-fields'], STUDIO_DIR);
  await sanity(['typegen', 'generate'], STUDIO_DIR);
}

/** The generated text without the one line that names where the scratch schema file was. */
function normalise(text: string, outDir: string, studioDir: string): string {
  const schema = join(outDir, 'schema.json');
  return text
    .replaceAll(`// Source: ${schema}`, '// Source: schema.json')
    .replaceAll(`// Source: ${relative(studioDir, schema)}`, '// Source: schema.json');
}

/**
 * Extract + typegen into a scratch folder; returns committed path -> fresh text. `studioDir` lets a
 * test run it on an edited copy of the studio and its schemas.
 */
export async function freshSanityTypes(studioDir: string = STUDIO_DIR): Promise<Record<string, string>> {
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  // Inside the repository so typegen formats with the repository's prettier settings.
  const outDir = mkdtempSync(join(repoRoot, '.tmp', 'typegen-check-'));
  try {
    // --path is taken relative to the studio folder (even when absolute).
    const schemaPath = relative(studioDir, join(outDir, 'schema.json'));
    await sanity(
      ['schema', 'extract', '--force', '--enforce-required-fields', '--path', schemaPath],
      studioDir,
      outDir,
    );
    await sanity(['typegen', 'generate'], studioDir, outDir);
    return Object.fromEntries(
      Object.entries(SANITY_FILES).map(([name, committed]) => [
        committed,
        normalise(readFileSync(join(outDir, name), 'utf8'), outDir, studioDir),
      ]),
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
