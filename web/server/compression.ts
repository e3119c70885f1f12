/**
 * Response compression for the production server: brotli or gzip, whichever the client prefers
 * (brotli on a tie), for text types only. Static files are compressed once at the highest
 * quality and kept (see static-files.ts); rendered pages are compressed as they stream.
 */
import { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this gain nothing worth the CPU and the header bytes. */
export const minCompressBytes = 1024;

const compressibleType =
  /^(text\/|application\/(javascript|json|xml|manifest\+json|ld\+json|rss\+xml)|image\/svg\+xml)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return Boolean(contentType && compressibleType.test(contentType));
}

/** The encoding to use for an Accept-Encoding header: the highest q wins, brotli on a tie, none at q=0. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

/** Whole-buffer compression at the highest quality, off the event loop (for files compressed once). */
export function compressBuffer(data: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gzipAsync(data, { level: constants.Z_BEST_COMPRESSION });
}

/**
 * Streaming compressor for rendered responses: a moderate level (cheap per request), and a flush
 * after every chunk so a streamed page (deferred data) still reaches the browser piece by piece.
 */
function streamCompressor(encoding: Encoding): Duplex {
  return encoding === 'br'
    ? createBrotliCompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      })
    : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
}

function addVary(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/accept-encoding|\*/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
}

/** `response` compressed for `request` when it is worth it; otherwise `response` unchanged. */
export function compressResponse(request: Request, response: Response): Response {
  const headers = response.headers;
  if (!response.body || request.method === 'HEAD' || headers.has('content-encoding')) return response;
  if (response.status < 200 || response.status === 204 || response.status === 206 || response.status === 304)
    return response;
  if (!isCompressible(headers.get('content-type'))) return response;
  if (/no-transform/i.test(headers.get('cache-control') ?? '')) return response;
  const length = headers.get('content-length');
  if (length !== null && Number(length) < minCompressBytes) return response;
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  const compressed = new Headers(headers);
  addVary(compressed);
  if (!encoding)
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: compressed,
    });
  compressed.set('content-encoding', encoding);
  compressed.delete('content-length');
  const body = response.body.pipeThrough(
    Duplex.toWeb(streamCompressor(encoding)) as ReadableWritablePair<Uint8Array, Uint8Array>,
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: compressed });
}
