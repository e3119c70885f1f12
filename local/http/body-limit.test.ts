/** Body caps on every local server (serve): 413 before reading, for declared and for chunked bodies, memory flat. */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyTooLargeError, KiB, MiB, readCapped } from './body-limit.ts';
import { serve, type ServedHandler } from './serve.ts';
import { rawRequest } from './test-client.ts';

const limit = 64 * KiB;
/** Bytes each handler call managed to read, to show the server stopped at the cap. */
const readByHandler: number[] = [];
let server: ServedHandler;
let cancelling: ServedHandler;

beforeAll(async () => {
  server = await serve(
    async (request) => {
      const bytes = await readCapped(request, Number.MAX_SAFE_INTEGER).catch((error: unknown) => {
        // What the handler makes of the failed read does not matter: the cap answers 413.
        if (error instanceof BodyTooLargeError) throw error;
        return new Uint8Array();
      });
      readByHandler.push(bytes.byteLength);
      return Response.json({ read: bytes.byteLength });
    },
    { port: 0, service: 'capped', maxBodyBytes: limit },
  );
  // A handler with its own smaller cap that gives up on the body (as the newsletter function does).
  cancelling = await serve(
    async (request) => {
      const reader = request.body!.getReader();
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > 1024) {
          await reader.cancel();
          return Response.json({ message: 'too large for me' }, { status: 413 });
        }
      }
      return Response.json({ read: size });
    },
    { port: 0, service: 'cancelling', maxBodyBytes: MiB },
  );
});
afterAll(async () => {
  await server.close();
  await cancelling.close();
});

describe('request body caps', () => {
  it('takes a body within the cap', async () => {
    const reply = await rawRequest(server.url, { body: 'x'.repeat(limit), headers: { 'content-length': `${limit}` } });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ read: limit });
  });

  it('refuses a declared length above the cap with 413 before reading any of it', async () => {
    const before = readByHandler.length;
    const reply = await rawRequest(server.url, {
      headers: { 'content-length': String(300 * MiB) },
      stream: { totalBytes: 300 * MiB },
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ message: `Request size limit exceeded (max ${limit} bytes)` });
    expect(readByHandler.length).toBe(before); // the handler never ran
    expect(reply.bytesSent).toBeLessThan(32 * MiB);
  });

  it('stops reading a chunked 300 MB body at the cap: 413, and memory stays flat', async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const reply = await rawRequest(server.url, {
      headers: { 'transfer-encoding': 'chunked' },
      stream: { totalBytes: 300 * MiB },
    });
    const grown = process.memoryUsage().rss - rssBefore;
    expect(reply.status).toBe(413);
    // The client could only push what socket buffers hold before the answer, not 300 MB.
    expect(reply.bytesSent).toBeLessThan(32 * MiB);
    expect(grown).toBeLessThan(64 * MiB);
  });

  it("lets a handler's own smaller cap answer a chunked body (its 413 reaches the client)", async () => {
    const reply = await rawRequest(cancelling.url, {
      headers: { 'transfer-encoding': 'chunked' },
      stream: { totalBytes: 10 * MiB, chunkBytes: 512 },
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ message: 'too large for me' });
  });

  it('still delivers the 413 to a client that keeps sending and reads its answer late', async () => {
    // A busy client (as under load) sends far past the cap before it reads anything. Closing the
    // connection while its bytes keep coming would reset it, and a reset drops the unread 413.
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.pause();
    const chunk = Buffer.alloc(MiB, 0x61);
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    socket.write('POST / HTTP/1.1\r\nhost: localhost\r\ntransfer-encoding: chunked\r\n\r\n');
    for (let sent = 0; sent < 64; sent += 1) socket.write(framed);
    await new Promise((resolve) => setTimeout(resolve, 300)); // reading late, on purpose
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (data: Buffer) => {
        text += data.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve(text);
      });
      socket.on('error', () => resolve(text || 'reset before the answer was read'));
      socket.on('close', () => resolve(text || 'closed before the answer was read'));
      socket.resume();
    });
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('keeps serving after refusing', async () => {
    const reply = await rawRequest(server.url, { body: '{}', headers: { 'content-length': '2' } });
    expect(JSON.parse(reply.body)).toEqual({ read: 2 });
  });
});
