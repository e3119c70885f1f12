/**
 * The file in an upload request, as storage-api takes it: a multipart form (supabase-js sends a
 * Blob or File this way, with a `cacheControl` field) or the raw bytes with content-type and
 * cache-control headers. Size and type are checked against the bucket's limits.
 */
import { errors } from './errors.ts';
import { mustBeAllowedMimeType } from './mime-type.ts';
import { readBody } from './read-body.ts';

export interface UploadedFile {
  bytes: Buffer;
  mimeType: string;
  cacheControl: string;
}

export interface UploadLimits {
  /** Bytes: the bucket's file_size_limit, or the project's limit when the bucket has none. */
  maxBytes: number;
  allowedMimeTypes: string[] | null;
}

/** Room for the multipart boundaries and fields around the file itself. */
const multipartOverhead = 64 * 1024;

async function fromForm(request: Request, limits: UploadLimits): Promise<UploadedFile> {
  const raw = await readBody(request, limits.maxBytes + multipartOverhead);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw errors.noContent();
  }
  const file = [...form.values()].find((value): value is File => typeof value !== 'string');
  if (!file) throw errors.noContent();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const mimeType = field('contentType') ?? (file.type || 'application/octet-stream');
  mustBeAllowedMimeType(mimeType, limits.allowedMimeTypes);
  if (file.size > limits.maxBytes) throw errors.entityTooLarge();
  const cacheTime = field('cacheControl');
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimeType,
    cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
  };
}

async function fromBinary(request: Request, limits: UploadLimits): Promise<UploadedFile> {
  const mimeType = request.headers.get('content-type') || 'application/octet-stream';
  mustBeAllowedMimeType(mimeType, limits.allowedMimeTypes);
  const bytes = await readBody(request, limits.maxBytes);
  return { bytes, mimeType, cacheControl: request.headers.get('cache-control') ?? 'no-cache' };
}

export function readUpload(request: Request, limits: UploadLimits): Promise<UploadedFile> {
  const contentType = request.headers.get('content-type') ?? '';
  return contentType.startsWith('multipart/form-data') ? fromForm(request, limits) : fromBinary(request, limits);
}
