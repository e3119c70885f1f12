/**
 * The website reads a request body only up to a small cap, before any route parses it: its forms
 * (order confirmation, unsubscribe, newsletter confirmation, registration cancel, sign-in, the
 * admin's) send a few hundred bytes to a few KB, so 64 KiB leaves room for long free-text fields
 * while a 300 MB POST costs no more memory than a small one (issue 23: one such POST was parsed
 * whole, took the process from 0.56 to 2 GB and held every other request for seconds). A body
 * declared larger is refused unread; a streamed one stops being read at the cap. A multipart body
 * that does not parse is the visitor's mistake (400), not the server's (500).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The largest request body the website reads. */
export const maxRequestBodyBytes = 64 * 1024;

/** After an early answer, how much of the rest is dropped, and for how long, before the connection closes. */
const lingerBytes = 16 * 1024 * 1024;
const lingerMs = 2000;

/** The declared Content-Length, or null when there is none (a chunked body) or it is not a number. */
function declaredLength(req: IncomingMessage): number | null {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw);
}

/** True when the request says it carries a body (a length above 0, or a chunked one). */
export function hasBody(req: IncomingMessage): boolean {
  const declared = declaredLength(req);
  return declared !== null ? declared > 0 : req.headers['transfer-encoding'] !== undefined;
}

/** True when the declared length alone passes the cap: refuse without reading. */
export function declaredTooLarge(req: IncomingMessage, limit = maxRequestBodyBytes): boolean {
  const declared = declaredLength(req);
  return declared !== null && declared > limit;
}

/** The whole body, or undefined the moment it passes `limit` bytes (the rest is left unread). */
export async function readBodyCapped(
  req: IncomingMessage,
  limit = maxRequestBodyBytes,
): Promise<Buffer<ArrayBuffer> | undefined> {
  if (declaredTooLarge(req, limit)) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early must not destroy the request: its socket still has to carry the 413.
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** False for a multipart/form-data body that does not parse (no or a wrong boundary, cut short). */
export async function multipartParses(
  body: Uint8Array<ArrayBuffer>,
  contentType: string | undefined,
): Promise<boolean> {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType.trim())) return true;
  try {
    await new Response(body, { headers: { 'content-type': contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

/**
 * For an HTTP/1 answer sent before the body was read whole (a 413, or a refusal that never needed
 * it): once the answer is out, the rest is read and dropped, as node:http does to keep a
 * connection alive, but only up to `lingerBytes`; past that nothing more is read, so a client
 * still sending is held back by TCP, and after `lingerMs` the connection closes. A small rest
 * costs nothing and the connection lives on; a huge one is not read. Closing as soon as the byte
 * limit passed would reset a client still sending, and a reset throws away the answer it has not
 * read yet (seen under load: the test client's write failed with ECONNRESET instead of a 413).
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (req.httpVersionMajor >= 2) return; // HTTP/2 ends the stream alone.
  res.once('finish', () => {
    if (req.complete) return;
    let dropped = 0;
    const timer = setTimeout(() => req.socket.destroy(), lingerMs);
    timer.unref();
    const drop = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped <= lingerBytes) return;
      req.off('data', drop);
      req.pause();
    };
    req.on('data', drop);
    req.once('end', () => clearTimeout(timer));
    req.resume();
  });
}
