/** The `metadata` column storage-api writes for a stored object (what its replies and supabase-js show). */
import { createHash } from 'node:crypto';
import type { UploadedFile } from './upload-body.ts';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export function metadataOf(file: UploadedFile): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.byteLength,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  };
}

/** Reads back a stored metadata value, whatever shape the column holds. */
export function storedMetadata(value: unknown): Partial<ObjectMetadata> {
  return typeof value === 'object' && value !== null ? (value as Partial<ObjectMetadata>) : {};
}
