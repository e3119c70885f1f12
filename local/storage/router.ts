/**
 * The Storage API routes this subset serves (paths as the gateway passes them, below /storage/v1),
 * on Hono, whose matching is fastify's (storage-api's): GET routes answer HEAD, a static segment
 * (`list`, `public`) wins over a bucket name, and an unknown route or method gets the 404 below.
 * The one place errors become replies: storage-api's error bodies, never a crash.
 */
import { Hono, type Context } from 'hono';
import type { StorageContext } from './context.ts';
import { errorResponse, fromDatabaseError, StorageError } from './errors.ts';
import { listObjects } from './list-route.ts';
import { readObjectAsCaller, readPublicObject } from './read-object-route.ts';
import { removeObjects } from './remove-route.ts';
import { uploadObject } from './upload-route.ts';

/** fastify's own 404 for an unknown route (not an error from the storage handlers). */
const notFound = (c: Context): Response =>
  Response.json(
    { statusCode: 404, error: 'Not Found', message: `Route ${c.req.method}:${new URL(c.req.url).pathname} not found` },
    { status: 404 },
  );

const internalError = () =>
  Response.json(
    { statusCode: '500', code: 'InternalError', error: 'Internal', message: 'Internal Server Error' },
    { status: 500 },
  );

/** `:key{.*}`: the rest of the path, slashes included, percent-decoded as fastify's wildcard is. */
const objectPath = (prefix: string) => `${prefix}/:bucket/:key{.*}`;

/** A refusal before the body was read is still seen by a client still sending: local/http closes the connection after it. */
export function createStorageRouter(ctx: StorageContext): (request: Request) => Promise<Response> {
  const app = new Hono();
  const bucket = (c: Context) => c.req.param('bucket') ?? '';
  const key = (c: Context) => c.req.param('key') ?? '';
  app.post('/object/list/:bucket', (c) => listObjects(ctx, c.req.raw, bucket(c)));
  app.get(objectPath('/object/public'), (c) => readPublicObject(ctx, c.req.raw, bucket(c), key(c)));
  app.get(objectPath('/object/authenticated'), (c) => readObjectAsCaller(ctx, c.req.raw, bucket(c), key(c)));
  app.delete('/object/:bucket', (c) => removeObjects(ctx, c.req.raw, bucket(c)));
  app.get(objectPath('/object'), (c) => readObjectAsCaller(ctx, c.req.raw, bucket(c), key(c)));
  app.post(objectPath('/object'), (c) =>
    uploadObject(ctx, c.req.raw, bucket(c), key(c), c.req.header('x-upsert') === 'true'),
  );
  app.put(objectPath('/object'), (c) => uploadObject(ctx, c.req.raw, bucket(c), key(c), true));
  app.notFound(notFound);
  app.onError((error, c) => {
    const known = error instanceof StorageError ? error : fromDatabaseError(error);
    if (!known) console.error(`[storage] ${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)} failed:`, error);
    return known ? errorResponse(known) : internalError();
  });
  return async (request) => app.fetch(request);
}
