/**
 * `deno check` over every edge function, each as it deploys: its `index.ts` with its own
 * `deno.json` (import map) and `deno.lock`, in the Deno from the `deno` npm package; and the
 * local runner's Deno-side preload. Fails on the first type error. Usage: npm run check:functions.
 * Checks that passed before are cached in .tmp/deno, so an unchanged tree takes a moment.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../local/env.ts';
import { denoEnvironment, denoExecutable } from '../local/functions/deno-runtime.ts';

const functionsDir = join(repoRoot, 'supabase', 'functions');

/** `deno check` arguments per run: one per function (each has its own import map), then the runner's preload. */
export function checkRuns(): Array<{ label: string; args: string[] }> {
  const functions = readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(functionsDir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
  return [
    ...functions.map((name) => {
      const dir = join(functionsDir, name);
      const config = join(dir, 'deno.json');
      return {
        label: relative(repoRoot, dir),
        args: ['check', '--frozen', existsSync(config) ? `--config=${config}` : '--no-config', join(dir, 'index.ts')],
      };
    }),
    {
      label: 'local/functions/deno',
      args: ['check', '--no-config', join(repoRoot, 'local', 'functions', 'deno', 'serve-on-socket.ts')],
    },
  ];
}

if (import.meta.main) {
  const started = performance.now();
  const runs = checkRuns();
  for (const run of runs) {
    const result = spawnSync(denoExecutable(), run.args, {
      cwd: repoRoot,
      env: { ...denoEnvironment(), PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
    });
    // Deno lists each npm: package it fetches on stderr; pass on everything else.
    const said = result.stderr
      .split('\n')
      .filter((line) => line && !/^Download /.test(line))
      .join('\n');
    if (said) console.error(said);
    if (result.status !== 0) {
      console.error(`deno check failed for ${run.label}`);
      process.exit(1);
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`deno check: ${runs.length - 1} edge functions and the runner's preload type-check (${seconds} s).`);
}
