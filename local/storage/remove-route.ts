/**
 * DELETE /object/{bucket} with `{prefixes: [...]}`: deletes, as the caller, the rows their RLS
 * policies let them delete, answers with those rows (none when nothing was allowed, as storage-api
 * does), then drops their bytes.
 */
import { callerOf } from './caller.ts';
import type { StorageContext } from './context.ts';
import { asCaller } from './db.ts';
import { errors } from './errors.ts';
import { readJsonObject } from './json-body.ts';
import { mustBeValidBucketName } from './keys.ts';

const maxPrefixes = 1000;

export async function removeObjects(ctx: StorageContext, request: Request, bucketName: string): Promise<Response> {
  const caller = await callerOf(request, ctx.secret);
  const bucket = mustBeValidBucketName(bucketName);
  const { prefixes } = await readJsonObject(request);
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > maxPrefixes) {
    throw errors.invalidRequest(`body/prefixes must be an array of 1 to ${maxPrefixes} names`);
  }
  if (!prefixes.every((prefix) => typeof prefix === 'string')) {
    throw errors.invalidRequest('body/prefixes must be an array of strings');
  }
  const { rows } = await asCaller(ctx.pool, caller, (db) =>
    db.query<Record<string, unknown> & { version: string | null }>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, bucket_id, name, owner, owner_id, created_at, updated_at, last_accessed_at, metadata, version`,
      [bucket, prefixes],
    ),
  );
  for (const row of rows) if (row.version) await ctx.files.remove(row.version).catch(() => undefined);
  return Response.json(rows);
}
