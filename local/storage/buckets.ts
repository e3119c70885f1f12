/** A bucket's settings, read as the storage server's own role (storage-api's asSuperUser().findBucket). */
import type { Pool } from 'pg';
import { asStorage } from './db.ts';
import { errors } from './errors.ts';

export interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export async function findBucket(pool: Pool, id: string): Promise<Bucket> {
  const { rows } = await asStorage(pool, (db) =>
    db.query<{
      id: string;
      public: boolean | null;
      file_size_limit: string | null;
      allowed_mime_types: string[] | null;
    }>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]),
  );
  const row = rows[0];
  if (!row) throw errors.noSuchBucket();
  return {
    id: row.id,
    public: row.public === true,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
  };
}
