/** For CLI runs: fill process.env from the repository's .env, then .env.example (variables already set win). */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export function loadRootEnv(studioDir: string = process.cwd()): void {
  for (const name of ['.env', '.env.example']) {
    const file = resolve(studioDir, '..', name);
    if (existsSync(file)) process.loadEnvFile(file);
  }
}
