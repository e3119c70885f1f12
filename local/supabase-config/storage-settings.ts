/** What the local storage stand-in takes from supabase/config.toml's `[storage]`, with the CLI's default. */
import { SupabaseConfigError } from './read.ts';
import { sizePattern, type SupabaseConfig } from './schema.ts';

export interface StorageSettings {
  /** Bytes: the project-wide upload limit (a bucket's own limit can only be lower). */
  fileSizeLimit: number;
}

const sizeUnits: Record<string, number> = { '': 0, k: 1, m: 2, g: 3, t: 4, p: 5 };

/** A CLI size string in bytes, as go-units' RAMInBytes reads it. */
export function sizeInBytes(text: string): number {
  const match = sizePattern.exec(text);
  if (!match) throw new SupabaseConfigError(`storage.file_size_limit: not a size: ${JSON.stringify(text)}`);
  return Math.floor(Number(match[1]) * 1024 ** (sizeUnits[(match[3] ?? '').toLowerCase()] ?? 0));
}

export function storageSettings(config: SupabaseConfig): StorageSettings {
  const limit = config.storage?.file_size_limit;
  return { fileSizeLimit: limit === undefined ? 50 * 1024 * 1024 : sizeInBytes(limit) };
}
