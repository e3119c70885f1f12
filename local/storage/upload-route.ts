/**
 * POST (create; `x-upsert: true` replaces) and PUT (replace) /object/{bucket}/{key}: the bucket's
 * limits first, then the caller's right to write the row (tried as the caller, rolled back, as
 * storage-api's canUpload does), then the bytes, then the row as the storage role.
 */
import { findBucket } from './buckets.ts';
import { callerOf, type Caller } from './caller.ts';
import type { StorageContext } from './context.ts';
import { asStorage, testAsCaller } from './db.ts';
import { mustBeValidBucketName, mustBeValidKey } from './keys.ts';
import { metadataOf } from './object-metadata.ts';
import { readUpload } from './upload-body.ts';

const insertRow = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
  values ($1, $2, $3, $4, $5, $6)`;
const upsertRow = `${insertRow}
  on conflict (bucket_id, name) do update
  set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
      version = excluded.version, updated_at = now(), last_accessed_at = now()`;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uploader (the token's `sub`, as storage-api records it); none for the anon and service keys. */
function ownerOf(caller: Caller): string | null {
  return caller.sub && uuid.test(caller.sub) ? caller.sub : null;
}

export async function uploadObject(
  ctx: StorageContext,
  request: Request,
  bucketName: string,
  key: string,
  upsert: boolean,
): Promise<Response> {
  const caller = await callerOf(request, ctx.secret);
  const bucket = await findBucket(ctx.pool, mustBeValidBucketName(bucketName));
  mustBeValidKey(key);
  const file = await readUpload(request, {
    maxBytes: Math.min(bucket.file_size_limit ?? ctx.maxFileSize, ctx.maxFileSize),
    allowedMimeTypes: bucket.allowed_mime_types,
  });
  const metadata = metadataOf(file);
  const owner = ownerOf(caller);
  const values = (version: string) => [bucket.id, key, owner, owner, JSON.stringify(metadata), version];
  await testAsCaller(ctx.pool, caller, (db) => db.query(upsert ? upsertRow : insertRow, values('pending')));

  const version = await ctx.files.write(file.bytes);
  let stored: { id: string; previous: string | null };
  try {
    stored = await asStorage(ctx.pool, async (db) => {
      const previous = await db.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [bucket.id, key],
      );
      const { rows } = await db.query<{ id: string }>(
        `${upsert ? upsertRow : insertRow} returning id`,
        values(version),
      );
      return { id: rows[0]!.id, previous: previous.rows[0]?.version ?? null };
    });
  } catch (error) {
    await ctx.files.remove(version);
    throw error;
  }
  if (stored.previous && stored.previous !== version) await ctx.files.remove(stored.previous).catch(() => undefined);
  return Response.json({ Id: stored.id, Key: `${bucket.id}/${key}` });
}
