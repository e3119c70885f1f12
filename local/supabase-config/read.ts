/**
 * Reads supabase/config.toml as the Supabase CLI does: TOML (smol-toml), `env(NAME)` strings
 * replaced by the variable when it is set (left as written otherwise, as the CLI leaves them),
 * then checked against the CLI's keys and types. Every problem is listed, naming its key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { repoRoot } from '../env.ts';
import { supabaseConfigSchema, type SupabaseConfig } from './schema.ts';

export const supabaseConfigPath = join(repoRoot, 'supabase', 'config.toml');

/** The CLI's pattern for an environment reference (its LoadEnvHook). */
export const envReference = /^env\((.*)\)$/;

export class SupabaseConfigError extends Error {}

function substituteEnv(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') {
    const name = envReference.exec(value)?.[1];
    const set = name === undefined ? undefined : env[name];
    return set ? set : value;
  }
  if (Array.isArray(value)) return value.map((item) => substituteEnv(item, env));
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substituteEnv(item, env)]));
  }
  return value;
}

/** Parses the text of a config.toml; `source` names it in errors. */
export function parseSupabaseConfig(
  toml: string,
  env: Record<string, string | undefined>,
  source = 'supabase/config.toml',
): SupabaseConfig {
  let raw: unknown;
  try {
    raw = parse(toml);
  } catch (error) {
    if (error instanceof TomlError) {
      throw new SupabaseConfigError(`${source} line ${error.line}: ${error.message.split('\n')[0]}`, { cause: error });
    }
    throw error;
  }
  const parsed = supabaseConfigSchema.safeParse(substituteEnv(raw, env));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  throw new SupabaseConfigError(`${source} is not what the Supabase CLI accepts:\n${problems.join('\n')}`);
}

/** Reads supabase/config.toml (or `path`), resolving env() from `env`. */
export function readSupabaseConfig(
  env: Record<string, string | undefined>,
  path: string = supabaseConfigPath,
): SupabaseConfig {
  return parseSupabaseConfig(readFileSync(path, 'utf8'), env, path);
}
