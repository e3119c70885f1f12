import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientView, toRequest } from './node-adapter.ts';
import { parseTrustedProxies } from './startup-settings.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers with what the adapter makes of each request, reached from 127.0.0.1. */
async function seenBy(trustProxy: string) {
  const trusted = parseTrustedProxies(trustProxy).list;
  server = createServer((req, res) => {
    const view = clientView(req, trusted);
    const request = toRequest(req, new AbortController().signal, view);
    res.end(
      JSON.stringify({
        ...view,
        url: request.url,
        forwardedFor: request.headers.get('x-forwarded-for'),
        forwardedProto: request.headers.get('x-forwarded-proto'),
      }),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return async (headers: Record<string, string>) =>
    (await fetch(`http://127.0.0.1:${port}/about`, { headers })).json() as Promise<Record<string, unknown>>;
}

const forged = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };

describe('the trusted proxy', () => {
  it('ignores forwarding headers from a peer that is not a trusted proxy', async () => {
    const view = await (await seenBy('10.0.0.0/8'))(forged);
    expect(view.proxied).toBe(false);
    expect(view.address).toMatch(/127\.0\.0\.1$/);
    expect(view.url).toMatch(/^http:\/\//);
    // The app sees the real peer, never what the visitor wrote.
    expect(view.forwardedFor).toBe(view.address);
    expect(view.forwardedProto).toBe('http');
  });

  it('believes the trusted proxy: the client is the nearest untrusted hop, the scheme its own', async () => {
    const view = await (
      await seenBy('loopback, 10.0.0.0/8')
    )({
      'x-forwarded-for': '198.51.100.1, 203.0.113.9, 10.1.2.3',
      'x-forwarded-proto': 'https',
    });
    expect(view.proxied).toBe(true);
    expect(view.address).toBe('203.0.113.9');
    expect(view.url).toBe(`https://${new URL(String(view.url)).host}/about`);
    expect(view.forwardedFor).toBe('203.0.113.9');
    expect(view.forwardedProto).toBe('https');
  });
});
