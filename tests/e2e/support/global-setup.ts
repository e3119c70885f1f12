/**
 * Playwright global setup: starts the whole stack (website included) once, on free ports with a
 * throwaway data folder, and publishes it to the workers as the env var ASCENT_E2E_STACK (JSON
 * StackInfo) and the file .tmp/e2e-stack.json. The returned function is the global teardown.
 * (The `global-state` project's worker starts a stack of its own: see fixtures.ts.)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../local/env.ts';
import { logProblems, startTestStack } from '../../support/test-stack.ts';
import { stackEnvVar } from './stack-info.ts';

export const stackFile = join(repoRoot, '.tmp', 'e2e-stack.json');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const began = Date.now();
  const stack = await startTestStack({ log: logProblems('  [stack] ') });
  const json = JSON.stringify(stack.info);
  // Workers are forked after global setup, so they inherit this (the config reads baseURL from it too).
  process.env[stackEnvVar] = json;
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  writeFileSync(stackFile, `${json}\n`);
  console.log(`  e2e stack up in ${((Date.now() - began) / 1000).toFixed(1)} s: ${stack.info.webUrl}`);
  return async () => {
    await stack.stop();
    rmSync(stackFile, { force: true });
  };
}
