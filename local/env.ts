/** Reads settings: the process environment first, then .env, then .env.example (local defaults). */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

export const repoRoot = resolve(import.meta.dirname, '..');

function readEnvFile(name: string): Record<string, string> {
  const path = resolve(repoRoot, name);
  if (!existsSync(path)) return {};
  return parseEnv(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** The documented local defaults alone (public demo keys and ports): for tests, never a developer's .env. */
export function localDefaults(): Record<string, string> {
  return readEnvFile('.env.example');
}

/** Every setting as strings, with the precedence documented in .env.example. */
export function loadEnv(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const merged: Record<string, string> = { ...readEnvFile('.env.example'), ...readEnvFile('.env') };
  for (const source of [process.env, overrides]) {
    for (const [key, value] of Object.entries(source)) {
      if (value !== undefined && key in merged) merged[key] = value;
    }
  }
  return merged;
}
