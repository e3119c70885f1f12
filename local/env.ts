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

/**
 * Settings that follow another one unless set explicitly (in .env, the environment or an
 * override): a second copy of the stack on other ports needs only the ports, or its mail and
 * links would go to the first copy. .env.example shows the values they take with its ports.
 */
const derived: Record<string, (settings: Record<string, string>) => string> = {
  SMTP_PORT: (settings) => settings.LOCAL_SMTP_PORT ?? '',
  SITE_URL: (settings) => `http://127.0.0.1:${settings.WEB_PORT ?? ''}`,
};

/** Every setting as strings, with the precedence documented in .env.example. */
export function loadEnv(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fromFile = readEnvFile('.env');
  const merged: Record<string, string> = { ...readEnvFile('.env.example'), ...fromFile };
  const explicit = new Set(Object.keys(fromFile).filter((key) => fromFile[key] !== ''));
  for (const source of [process.env, overrides]) {
    for (const [key, value] of Object.entries(source)) {
      if (value === undefined || !(key in merged)) continue;
      merged[key] = value;
      if (value !== '') explicit.add(key);
    }
  }
  for (const [key, follow] of Object.entries(derived)) {
    if (!explicit.has(key)) merged[key] = follow(merged);
  }
  return merged;
}
