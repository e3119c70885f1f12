/**
 * Request body caps shared by every local server: a body whose Content-Length is above the limit
 * is refused before a byte of it is read, and a streamed (chunked) body stops being read the
 * moment it passes the limit, so a 300 MB body costs no more memory than a small one. Hand-written:
 * hono/body-limit reads a chunked body whole into memory before the handler runs; uploads here stream.
 */
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from './serve.ts';

export class BodyTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`Request body too large (max ${limit} bytes)`);
    this.name = 'BodyTooLargeError';
    this.limit = limit;
  }
}

/** Common limits, named so each server says which one it takes. */
export const KiB = 1024;
export const MiB = 1024 * KiB;

/** The declared Content-Length, or null when there is none (a chunked body) or it is not a number. */
export function declaredLength(headers: Headers | IncomingMessage['headers']): number | null {
  const raw = headers instanceof Headers ? headers.get('content-length') : headers['content-length'];
  if (raw === null || raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw);
}

/** True when the declared length alone passes the limit: refuse without reading. */
export function declaredTooLarge(headers: Headers | IncomingMessage['headers'], limit: number): boolean {
  const declared = declaredLength(headers);
  return declared !== null && declared > limit;
}

/**
 * A stream of `source` that errors with BodyTooLargeError once more than `limit` bytes came
 * through, and stops pulling from the source then.
 */
export function cappedStream(
  source: ReadableStream<Uint8Array>,
  limit: number,
  onTooLarge: () => void = () => {},
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > limit) {
          onTooLarge();
          controller.error(new BodyTooLargeError(limit));
          // Stop the source; local/http's request bodies stop reading without dropping the connection.
          void reader.cancel().catch(() => undefined);
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Reads a whole web body of at most `limit` bytes; BodyTooLargeError when declared or sent larger. */
export async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  if (declaredTooLarge(request.headers, limit)) throw new BodyTooLargeError(limit);
  if (!request.body) return new Uint8Array();
  const reader = cappedStream(request.body, limit).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads a whole node:http body of at most `limit` bytes; BodyTooLargeError when declared or sent larger. */
export async function readNodeCapped(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (declaredTooLarge(req.headers, limit)) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early must not destroy the request: its socket still has to carry the 413.
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Puts `handler` behind a body cap: a declared length above `limit` is answered by `tooLarge`
 * without calling it; a streamed body passing the limit makes its read fail, and whatever the
 * handler then answers (or throws) is replaced by `tooLarge` too.
 */
export function withBodyLimit(
  handler: RequestHandler,
  limit: number,
  tooLarge: (request: Request, limit: number) => Response,
): RequestHandler {
  return async (request) => {
    if (declaredTooLarge(request.headers, limit)) return tooLarge(request, limit);
    if (!request.body) return handler(request);
    let crossed = false;
    const body = cappedStream(request.body, limit, () => (crossed = true));
    const capped = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      duplex: 'half',
      signal: request.signal,
    } as RequestInit);
    let response: Response;
    try {
      response = await handler(capped);
    } catch (error) {
      // A handler that let the failed read escape: the cap, not the handler, answers.
      if (crossed) return tooLarge(request, limit);
      throw error;
    }
    if (!crossed) return response;
    await response.body?.cancel().catch(() => undefined);
    return tooLarge(request, limit);
  };
}

// The website's server and the local ones close after an early answer the same way.
export { closeAfterAnswer } from '../../web/server/request-body.ts';
