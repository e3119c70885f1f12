/**
 * Reads the per-function settings the Supabase CLI reads at deploy time from supabase/config.toml
 * (`[functions.<name>]` with `verify_jwt` and `enabled`): only those lines, not the whole TOML.
 */
import { existsSync, readFileSync } from 'node:fs';

export interface FunctionSettings {
  /** Platform default: every call needs a valid JWT (anon key, user token or service key). */
  verifyJwt: boolean;
  enabled: boolean;
}

export const defaultSettings: FunctionSettings = { verifyJwt: true, enabled: true };

const sectionLine = /^\[\s*functions\.(?:"([^"]+)"|([A-Za-z0-9_-]+))\s*\]$/;
const keyLine = /^(verify_jwt|enabled)\s*=\s*(.*)$/;

/** Settings per function name; throws on a value the CLI would also reject, naming the line. */
export function parseFunctionsConfig(toml: string, source = 'config.toml'): Map<string, Partial<FunctionSettings>> {
  const settings = new Map<string, Partial<FunctionSettings>>();
  let current: Partial<FunctionSettings> | null = null;
  toml.split(/\r?\n/).forEach((raw, index) => {
    // Comments can only follow a value we care about (booleans), so cutting at '#' is safe there.
    const line = raw.trim();
    if (line.startsWith('[')) {
      const match = sectionLine.exec(line.replace(/\s*#.*$/, ''));
      const name = match?.[1] ?? match?.[2];
      current = name ? (settings.get(name) ?? {}) : null;
      if (name && current) settings.set(name, current);
      return;
    }
    const key = current ? keyLine.exec(line) : null;
    if (!current || !key) return;
    const value = (key[2] ?? '').replace(/\s*#.*$/, '');
    if (value !== 'true' && value !== 'false') {
      throw new Error(`${source} line ${index + 1}: ${key[1]} must be true or false, got ${value || 'nothing'}`);
    }
    if (key[1] === 'verify_jwt') current.verifyJwt = value === 'true';
    else current.enabled = value === 'true';
  });
  return settings;
}

/** The settings of every function named in the file (none when the file does not exist). */
export function readFunctionsConfig(path: string): Map<string, Partial<FunctionSettings>> {
  return existsSync(path) ? parseFunctionsConfig(readFileSync(path, 'utf8'), path) : new Map();
}

export function settingsFor(config: Map<string, Partial<FunctionSettings>>, name: string): FunctionSettings {
  return { ...defaultSettings, ...config.get(name) };
}
