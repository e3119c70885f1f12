/**
 * The Sanity Studio on the local stack: `npm start` serves its build from the content lake
 * (rebuilt when its sources or settings changed); `npm run dev` runs `sanity dev` instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './env.ts';
import { newestChange } from './website.ts';

export const studioDistDir = join(repoRoot, 'studio', 'dist');

/** What the build reads: the Studio's code and schemas, dependency versions, and the SANITY_STUDIO_* settings. */
export const studioBuildInputs = [
  'studio/sanity.config.ts',
  'studio/sanity.cli.ts',
  'studio/structure.ts',
  'studio/presentation.ts',
  // The Presentation tool's locations come from the website's route table.
  'web/app/config/routes-table.ts',
  'studio/env.ts',
  'studio/scheduled-publishing',
  'domain/dates.ts',
  'supabase/functions/publish-scheduled/schedule-document.ts',
  'studio/package.json',
  'schemas',
  'package-lock.json',
  '.env',
  '.env.example',
];

export function studioBuildIsStale(root = repoRoot): boolean {
  const index = join(root, 'studio', 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return studioBuildInputs.some((input) => {
    const path = join(root, input);
    return existsSync(path) && newestChange(path) > built;
  });
}

export function buildStudio(): void {
  const result = spawnSync(join(repoRoot, 'node_modules', '.bin', 'sanity'), ['build', '--yes'], {
    cwd: join(repoRoot, 'studio'),
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', SANITY_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`The Studio build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * `sanity dev` on `port` (base path /studio), its API calls sent to the content lake at `apiHost`
 * with the lake's editor `token` (the Studio the lake serves gets it as a cookie instead).
 */
export function startStudioDev(port: number, apiHost: string, token: string): ChildProcess {
  return spawn(
    join(repoRoot, 'node_modules', '.bin', 'sanity'),
    ['dev', '--host', 'localhost', '--port', String(port)],
    {
      cwd: join(repoRoot, 'studio'),
      stdio: 'inherit',
      env: {
        ...process.env,
        SANITY_STUDIO_API_HOST: apiHost,
        SANITY_STUDIO_LAKE_TOKEN: token,
        SANITY_TELEMETRY_DISABLED: '1',
      },
    },
  );
}
