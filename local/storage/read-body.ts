/**
 * Reads a request body up to a byte limit. Past the limit the rest is drained (up to a hard
 * cap) before the refusal, so a client still sending gets the answer instead of a broken pipe.
 */
import { errors } from './errors.ts';

/** Beyond this the body is not drained: the reply goes out and the connection closes. */
const drainCap = 64 * 1024 * 1024;

export async function readBody(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > drainCap) throw errors.entityTooLarge();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > drainCap) {
      await reader.cancel().catch(() => undefined);
      break;
    }
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) throw errors.entityTooLarge();
  return Buffer.concat(chunks);
}

/** Reads and drops what is left of a body (up to the cap), so a refusal reaches a client still sending. */
export async function drain(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  await readBody(request, 0).catch(() => undefined);
}
