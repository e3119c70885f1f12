/**
 * POST /object/list/{bucket}: one folder level under `prefix`, as storage-api's storage.search
 * answers it: files (with id, timestamps, metadata) and sub-folders (name only), limit 100,
 * offset 0 and name ascending unless asked otherwise. It runs as the caller, so RLS picks the rows.
 */
import { callerOf } from './caller.ts';
import type { StorageContext } from './context.ts';
import { asCaller } from './db.ts';
import { errors } from './errors.ts';
import { isInteger, readJsonObject } from './json-body.ts';
import { mustBeValidBucketName } from './keys.ts';

const sortColumns = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
type SortColumn = (typeof sortColumns)[number];

export interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  column: SortColumn;
  order: 'asc' | 'desc';
}

/** The body checked as storage-api's JSON schema checks it, with the same defaults. */
export function listOptions(body: Record<string, unknown>): ListOptions {
  const { prefix, search = '', limit = 100, offset = 0, sortBy = { column: 'name' } } = body;
  if (typeof prefix !== 'string') throw errors.invalidRequest("body must have required property 'prefix'");
  if (typeof search !== 'string') throw errors.invalidRequest('body/search must be string');
  if (!isInteger(limit, 1)) throw errors.invalidRequest('body/limit must be an integer >= 1');
  if (!isInteger(offset, 0)) throw errors.invalidRequest('body/offset must be an integer >= 0');
  if (typeof sortBy !== 'object' || sortBy === null) throw errors.invalidRequest('body/sortBy must be object');
  const { column, order = 'asc' } = sortBy as { column?: unknown; order?: unknown };
  if (!sortColumns.includes(column as SortColumn)) {
    throw errors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  }
  if (order !== 'asc' && order !== 'desc') {
    throw errors.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
  }
  // A prefix is always a folder.
  const folder = prefix.length > 0 && !prefix.endsWith('/') ? `${prefix}/` : prefix;
  return { prefix: folder, search, limit, offset, column: column as SortColumn, order };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function listQuery({ column, order }: ListOptions): string {
  // Names sort folders and files together (byte order, as storage.search does); other columns
  // put the folders first, by name, then the files by that column.
  const orderBy =
    column === 'name'
      ? `name collate "C" ${order}`
      : `folder desc, (case when folder then name end) collate "C" ${order}, ${column} ${order}, name collate "C"`;
  return `with matched as (
      select substr(o.name, $3::int + 1) as rel, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
      from storage.objects o
      where o.bucket_id = $1 and o.name ilike $2 escape '\\'
    ), entries as (
      select distinct split_part(rel, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
             null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
             true as folder
      from matched where strpos(rel, '/') > 0
      union all
      select rel, id, updated_at, created_at, last_accessed_at, metadata, false
      from matched where strpos(rel, '/') = 0
    )
    select name, id, updated_at, created_at, last_accessed_at, metadata from entries
    order by ${orderBy} limit $4 offset $5`;
}

export async function listObjects(ctx: StorageContext, request: Request, bucketName: string): Promise<Response> {
  const caller = await callerOf(request, ctx.secret);
  const bucket = mustBeValidBucketName(bucketName);
  const options = listOptions(await readJsonObject(request));
  const pattern = `${escapeLike(options.prefix + options.search)}%`;
  const { rows } = await asCaller(ctx.pool, caller, (db) =>
    db.query(listQuery(options), [bucket, pattern, options.prefix.length, options.limit, options.offset]),
  );
  return Response.json(rows);
}
