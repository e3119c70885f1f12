/** Reads the sign-up request's body within a size limit, telling a malformed or oversize body from an invalid address. */

/** A sign-up body is `{"email": "..."}`: 254 characters of address and a little JSON around it. */
export const maxBodyBytes = 1024;

export type BodyResult = { ok: true; email: unknown } | { ok: false; status: 400 | 413; message: string };

export const bodyMessages = {
  tooLarge: `The request is too large: send at most ${maxBodyBytes} bytes, {"email": "you@example.com"}.`,
  malformed: 'The request must be JSON of the form {"email": "you@example.com"}.',
} as const;

/** Reads at most maxBodyBytes + 1 bytes, so an endless body cannot hold the function. */
async function readLimited(req: Request): Promise<Uint8Array | null> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBodyBytes) return null;
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readSignUp(req: Request): Promise<BodyResult> {
  const bytes = await readLimited(req);
  if (bytes === null) return { ok: false, status: 413, message: bodyMessages.tooLarge };
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, status: 400, message: bodyMessages.malformed };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, status: 400, message: bodyMessages.malformed };
  return { ok: true, email: 'email' in body ? body.email : undefined };
}
