/** What every storage route needs: the database, the bytes on disk, the JWT secret and the project's size limit. */
import type { Pool } from 'pg';
import type { FileStore } from './file-store.ts';

export interface StorageContext {
  pool: Pool;
  files: FileStore;
  secret: Uint8Array;
  /** The project's upload limit in bytes (a bucket's own limit can only be lower). */
  maxFileSize: number;
}
