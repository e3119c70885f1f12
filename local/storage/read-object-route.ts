/**
 * GET/HEAD of an object's bytes: /object/public/{bucket}/{key} for a public bucket without any
 * check (as the platform serves public URLs), /object/{bucket}/{key} and
 * /object/authenticated/{bucket}/{key} only when the caller's RLS policies let them select the row.
 */
import type { PoolClient } from 'pg';
import { findBucket } from './buckets.ts';
import { callerOf } from './caller.ts';
import type { StorageContext } from './context.ts';
import { asCaller, asStorage } from './db.ts';
import { errors } from './errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from './keys.ts';
import { storedMetadata } from './object-metadata.ts';

interface ObjectRow {
  version: string | null;
  metadata: unknown;
}

function findObject(db: PoolClient, bucket: string, key: string) {
  return db.query<ObjectRow>('select version, metadata from storage.objects where bucket_id = $1 and name = $2', [
    bucket,
    key,
  ]);
}

async function reply(
  ctx: StorageContext,
  request: Request,
  key: string,
  row: ObjectRow | undefined,
): Promise<Response> {
  if (!row?.version) throw errors.noSuchKey();
  const metadata = storedMetadata(row.metadata);
  const bytes = await ctx.files.read(row.version).catch(() => {
    throw errors.noSuchKey();
  });
  const headers = new Headers({
    'content-type': metadata.mimetype ?? 'application/octet-stream',
    'cache-control': metadata.cacheControl ?? 'no-cache',
    'content-length': String(bytes.byteLength),
    'accept-ranges': 'bytes',
  });
  if (metadata.eTag) headers.set('etag', metadata.eTag);
  if (metadata.lastModified) headers.set('last-modified', metadata.lastModified);
  const url = new URL(request.url);
  if (url.searchParams.has('download')) {
    const name = url.searchParams.get('download') || key.split('/').pop() || 'download';
    headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  if (metadata.eTag && request.headers.get('if-none-match') === metadata.eTag) {
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
}

export async function readPublicObject(ctx: StorageContext, request: Request, bucketName: string, key: string) {
  const bucket = await findBucket(ctx.pool, mustBeValidBucketName(bucketName));
  if (!bucket.public) throw errors.noSuchBucket();
  const { rows } = await asStorage(ctx.pool, (db) => findObject(db, bucket.id, mustBeValidKey(key)));
  return reply(ctx, request, key, rows[0]);
}

export async function readObjectAsCaller(ctx: StorageContext, request: Request, bucketName: string, key: string) {
  const caller = await callerOf(request, ctx.secret);
  const bucket = mustBeValidBucketName(bucketName);
  const { rows } = await asCaller(ctx.pool, caller, (db) => findObject(db, bucket, mustBeValidKey(key)));
  return reply(ctx, request, key, rows[0]);
}
