/**
 * The local stand-in for Supabase Storage (storage-api): the object routes supabase-js's storage
 * client uses for upload, public URLs, list and remove, with the bytes in a folder and the rows in
 * PostgreSQL's storage schema, where the project's RLS policies decide as on the platform.
 * The gateway mounts it under /storage/v1.
 */
import type { Pool } from 'pg';
import type { StorageContext } from './context.ts';
import { createPool } from './db.ts';
import { createFileStore } from './file-store.ts';
import { createStorageRouter } from './router.ts';

export interface StorageServerOptions {
  /** The storage server's own role (supabase_storage_admin), which owns the storage schema. */
  databaseUrl: string;
  jwtSecret: string;
  /** Where objects' bytes are kept. */
  dataDir: string;
  /** The project's upload limit in bytes (config.toml `[storage] file_size_limit`; default 50 MiB, as hosted). */
  fileSizeLimit?: number;
}

export interface StorageServer {
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export function createStorageServer(options: StorageServerOptions): StorageServer {
  const pool: Pool = createPool(options.databaseUrl);
  const ctx: StorageContext = {
    pool,
    files: createFileStore(options.dataDir),
    secret: new TextEncoder().encode(options.jwtSecret),
    maxFileSize: options.fileSizeLimit ?? 50 * 1024 * 1024,
  };
  return {
    handle: createStorageRouter(ctx),
    close: () => pool.end(),
  };
}
