/**
 * Adds what the Content Lake adds on import: `_id` when missing, `_createdAt`, `_updatedAt`, `_rev`
 * and a `_key` on every object in an array. Values are derived from content, not random, so a
 * reload of unchanged files gives identical documents.
 */
import { createHash } from 'node:crypto';
import type { RawDocument } from './ndjson.ts';
import type { SanityDocument } from './types.ts';

function digest(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Same traversal as @sanity/import's assignArrayKeys, with keys derived from the path. */
function assignArrayKeys(value: unknown, seed: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (isPlainObject(item) && !('_key' in item)) item._key = digest(`${seed}[${index}]`).slice(0, 12);
      assignArrayKeys(item, `${seed}[${index}]`);
    });
  } else if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) assignArrayKeys(child, `${seed}.${key}`);
  }
}

/** `where` (file:line) seeds a stable `_id` for documents that have none; `importedAt` is the file's mtime. */
export function withSystemFields(doc: RawDocument, where: string, importedAt: Date): SanityDocument {
  const _id = doc._id ?? digest(where).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5');
  assignArrayKeys(doc, _id);
  const timestamp = importedAt.toISOString();
  const _rev = createHash('sha1').update(JSON.stringify(doc)).digest('base64url').slice(0, 22);
  const { _type, ...fields } = doc;
  // System fields first, like Sanity's output; the seed's own values win where given.
  return { _id, _type, _createdAt: timestamp, _updatedAt: timestamp, _rev, ...fields };
}
