/**
 * The Storage API routes this subset serves (paths as the gateway passes them, below /storage/v1),
 * and the one place errors become replies: storage-api's error bodies, never a crash.
 */
import type { StorageContext } from './context.ts';
import { errorResponse, fromDatabaseError, StorageError } from './errors.ts';
import { listObjects } from './list-route.ts';
import { readObjectAsCaller, readPublicObject } from './read-object-route.ts';
import { removeObjects } from './remove-route.ts';
import { uploadObject } from './upload-route.ts';

/** `{bucket}/{key...}` from the path after a route's prefix; the key percent-decoded, as fastify's wildcard is. */
function bucketAndKey(rest: string): [string, string] {
  const slash = rest.indexOf('/');
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  const key = slash < 0 ? '' : rest.slice(slash + 1);
  return [decodeURIComponent(bucket), decodeURIComponent(key)];
}

function notFound(method: string, path: string): Response {
  // fastify's own 404 for an unknown route (not an error from the storage handlers).
  return Response.json(
    { statusCode: 404, error: 'Not Found', message: `Route ${method}:${path} not found` },
    { status: 404 },
  );
}

function route(ctx: StorageContext, request: Request): Promise<Response> | Response {
  const { method } = request;
  const path = new URL(request.url).pathname;
  const read = method === 'GET' || method === 'HEAD';
  const match = /^\/object\/(?:(list|public|authenticated)\/)?(.*)$/.exec(path);
  if (!match) return notFound(method, path);
  const [, kind, rest = ''] = match;
  const [bucket, key] = bucketAndKey(rest);
  if (kind === 'list')
    return method === 'POST' && !rest.includes('/') ? listObjects(ctx, request, bucket) : notFound(method, path);
  if (kind === 'public') return read ? readPublicObject(ctx, request, bucket, key) : notFound(method, path);
  if (kind === 'authenticated') return read ? readObjectAsCaller(ctx, request, bucket, key) : notFound(method, path);
  if (method === 'DELETE' && !rest.includes('/')) return removeObjects(ctx, request, bucket);
  if (!rest.includes('/')) return notFound(method, path);
  if (read) return readObjectAsCaller(ctx, request, bucket, key);
  if (method === 'POST') return uploadObject(ctx, request, bucket, key, request.headers.get('x-upsert') === 'true');
  if (method === 'PUT') return uploadObject(ctx, request, bucket, key, true);
  return notFound(method, path);
}

const internalError = () =>
  Response.json(
    { statusCode: '500', code: 'InternalError', error: 'Internal', message: 'Internal Server Error' },
    { status: 500 },
  );

/** A refusal before the body was read is still seen by a client still sending: local/http closes the connection after it. */
export async function handleStorage(ctx: StorageContext, request: Request): Promise<Response> {
  try {
    return await route(ctx, request);
  } catch (error) {
    const known = error instanceof StorageError ? error : fromDatabaseError(error);
    if (!known)
      console.error(`[storage] ${request.method} ${new URL(request.url).pathname.slice(0, 200)} failed:`, error);
    return known ? errorResponse(known) : internalError();
  }
}
