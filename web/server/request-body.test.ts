import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { hasBody, multipartParses, readBodyCapped } from './request-body.ts';

/** One request through a real server: what `inspect` makes of it. */
async function through<T>(
  headers: Record<string, string>,
  body: string,
  inspect: (req: IncomingMessage) => Promise<T>,
) {
  let outcome!: Promise<T>;
  const server = createServer((req, res) => {
    outcome = inspect(req);
    void outcome.finally(() => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const req = request({ port, method: 'POST', headers }, (res) => res.resume().on('end', resolve));
    req.on('error', reject);
    req.end(body);
  });
  server.close();
  return outcome;
}

describe('request bodies', () => {
  it('reads a body up to the cap, and gives up past it', async () => {
    expect((await through({}, 'a=1', (req) => readBodyCapped(req, 8)))?.toString()).toBe('a=1');
    expect(await through({}, 'a'.repeat(9), (req) => readBodyCapped(req, 8))).toBeUndefined();
    expect(
      await through({ 'transfer-encoding': 'chunked' }, 'a'.repeat(9), (req) => readBodyCapped(req, 8)),
    ).toBeUndefined();
  });

  it('knows a request with a body from one without', async () => {
    expect(await through({ 'content-length': '0' }, '', async (req) => hasBody(req))).toBe(false);
    expect(await through({}, 'x', async (req) => hasBody(req))).toBe(true);
  });

  it('tells a multipart body that does not parse', async () => {
    const good = '--xyz\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n--xyz--\r\n';
    expect(await multipartParses(Buffer.from(good), 'multipart/form-data; boundary=xyz')).toBe(true);
    expect(await multipartParses(Buffer.from(good), 'multipart/form-data; boundary=other')).toBe(false);
    expect(await multipartParses(Buffer.from(good), 'multipart/form-data')).toBe(false);
    expect(await multipartParses(Buffer.from('a=1'), 'application/x-www-form-urlencoded')).toBe(true);
  });
});
