import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MiB } from '../http/body-limit.ts';
import { serve, type ServedHandler } from '../http/serve.ts';
import { rawRequest } from '../http/test-client.ts';
import { regexFilterSlots } from '../postgrest/index.ts';
import { createGateway } from './index.ts';

const anonKey = 'anon-key-for-tests-0123456789';
const serviceRoleKey = 'service-key-for-tests-0123456789';

/** Stand-in upstream that reports what reached it, so the gateway's rewriting can be checked. */
const echo = (service: string) => async (request: Request) => {
  const url = new URL(request.url);
  return Response.json({
    service,
    path: url.pathname,
    search: url.search,
    authorization: request.headers.get('authorization'),
    forwardedFor: request.headers.get('x-forwarded-for'),
    connectingIp: request.headers.get('cf-connecting-ip'),
    body: request.method === 'GET' ? null : await request.text(),
  });
};

let rest: ServedHandler;
let gateway: ServedHandler;

/** The gateway as the stack serves it, in front of `restUrl`. */
function serveGateway(restUrl: string, maxBodyBytes: number): Promise<ServedHandler> {
  const routes = createGateway({
    anonKey,
    serviceRoleKey,
    rest: { url: restUrl },
    regexFilterSlots,
    auth: echo('auth'),
    functions: echo('functions'),
    storage: echo('storage'),
  });
  return serve(routes.handle, { port: 0, service: 'gateway', direct: routes.direct, maxBodyBytes });
}

beforeAll(async () => {
  rest = await serve(echo('rest'), { port: 0, service: 'fake rest', maxBodyBytes: 64 * MiB });
  gateway = await serveGateway(rest.url, 64 * MiB);
});
afterAll(async () => {
  await gateway.close();
  await rest.close();
});

const call = (path: string, init: RequestInit = {}) => fetch(`${gateway.url}${path}`, init);

describe('apikey check', () => {
  it('refuses REST calls without a key, naming the problem as Supabase does', async () => {
    const response = await call('/rest/v1/events');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('refuses an unknown key', async () => {
    const response = await call('/rest/v1/events', { headers: { apikey: 'stolen-or-stale' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('accepts the key as a query parameter too', async () => {
    const response = await call(`/rest/v1/events?apikey=${anonKey}`);
    expect(response.status).toBe(200);
  });

  it('guards storage routes except public object URLs, which are plain links', async () => {
    expect((await call('/storage/v1/object/list/media', { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await call('/storage/v1/object/media/a.png', { method: 'POST', body: 'x' })).status).toBe(401);
    expect((await call('/storage/v1/object/public/media/a.png', { method: 'DELETE' })).status).toBe(401);
    const open = await call('/storage/v1/object/public/media/a.png');
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({
      service: 'storage',
      path: '/object/public/media/a.png',
      authorization: null,
    });
  });

  it('passes the key on to storage as the JWT when no user token is sent', async () => {
    const response = await call('/storage/v1/object/list/media', { method: 'POST', headers: { apikey: anonKey } });
    expect(await response.json()).toMatchObject({
      service: 'storage',
      path: '/object/list/media',
      authorization: `Bearer ${anonKey}`,
    });
  });

  it('guards auth routes except the ones browsers reach by redirect', async () => {
    expect((await call('/auth/v1/token?grant_type=password', { method: 'POST' })).status).toBe(401);
    expect((await call('/auth/v1/verify?token=x')).status).toBe(200);
    // The code (or token hash) goes by POST, with the key, as supabase-js sends it.
    expect((await call('/auth/v1/verify', { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await call('/auth/v1/verify', { method: 'POST', body: '{}', headers: { apikey: anonKey } })).status).toBe(
      200,
    );
    expect((await call('/auth/v1/health')).status).toBe(200);
  });

  it('leaves edge functions to their own JWT check', async () => {
    const response = await call('/functions/v1/hello', { method: 'POST', body: '{"a":1}' });
    expect(await response.json()).toMatchObject({ service: 'functions', path: '/hello', body: '{"a":1}' });
  });
});

describe('routing', () => {
  it('strips the prefix and uses the key as the JWT when no user token is sent', async () => {
    const response = await call('/rest/v1/events?select=id,title&or=(title.ilike.*a*)', {
      headers: { apikey: anonKey },
    });
    const seen = await response.json();
    expect(seen).toMatchObject({ service: 'rest', path: '/events', authorization: `Bearer ${anonKey}` });
    expect(decodeURIComponent(seen.search)).toBe('?select=id,title&or=(title.ilike.*a*)');
  });

  it("keeps a signed-in user's token", async () => {
    const response = await call('/rest/v1/orders', { headers: { apikey: anonKey, authorization: 'Bearer user-jwt' } });
    expect(await response.json()).toMatchObject({ authorization: 'Bearer user-jwt' });
  });

  it('streams request bodies to REST', async () => {
    const response = await call('/rest/v1/events', {
      method: 'POST',
      headers: { apikey: anonKey },
      body: '{"title":"x"}',
    });
    expect(await response.json()).toMatchObject({ body: '{"title":"x"}' });
  });

  it('answers a REST POST sent with Expect: 100-continue (curl does for bodies over 1 KB), not 502', async () => {
    const body = JSON.stringify({ title: 'x'.repeat(2000) });
    const reply = await rawRequest(`${gateway.url}/rest/v1/events`, {
      headers: { apikey: anonKey, 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
      expectContinue: true,
    });
    expect(reply.sawContinue).toBe(true);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ service: 'rest', path: '/events', body });
  });

  it('passes the client address on for rate limits', async () => {
    const response = await call('/auth/v1/token', { method: 'POST', headers: { apikey: anonKey } });
    expect((await response.json()).forwardedFor).toMatch(/127\.0\.0\.1/);
  });

  // Issue 23, item 10: a forged cf-connecting-ip reached the functions (8 of 8 newsletter
  // sign-ups by rotating it). On every route the peer is the only address passed on.
  it.each([
    '/rest/v1/events',
    '/functions/v1/send-newsletter-subscription-email',
    '/auth/v1/token',
    '/storage/v1/bucket',
  ])('drops a client-sent cf-connecting-ip and x-forwarded-for on %s, passing only the peer', async (path) => {
    const response = await call(path, {
      method: 'POST',
      headers: { apikey: anonKey, 'cf-connecting-ip': '203.0.113.9', 'x-forwarded-for': '198.51.100.7' },
      body: '{}',
    });
    const seen = await response.json();
    // The peer the gateway saw (the stand-in upstream, served alike, appends its own).
    expect(seen.forwardedFor).toMatch(/^127\.0\.0\.1(,|$)/);
    expect(seen.forwardedFor).not.toContain('198.51.100.7');
    expect(seen.connectingIp).toBeNull();
  });

  it("keeps PostgREST's status and headers and adds CORS to them", async () => {
    const response = await call('/rest/v1/events?select=id', {
      headers: { apikey: anonKey, origin: 'http://127.0.0.1:3000' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range');
  });

  it('answers 404 for paths it does not route', async () => {
    expect((await call('/graphql/v1', { headers: { apikey: anonKey } })).status).toBe(404);
  });

  it('drops the upstream call of a client that goes away, and keeps serving', async () => {
    let started!: () => void;
    const reached = new Promise<void>((resolve) => (started = resolve));
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    // An upstream that never answers, and says when its caller hangs up.
    const stalled = createServer((_req, res) => {
      res.once('close', () => upstreamClosed());
      started();
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const slow = await serveGateway(`http://127.0.0.1:${(stalled.address() as AddressInfo).port}`, MiB);
    try {
      const client = new AbortController();
      const pending = fetch(`${slow.url}/rest/v1/events`, { headers: { apikey: anonKey }, signal: client.signal });
      await reached;
      client.abort();
      await expect(pending).rejects.toThrow();
      await closed;
      expect((await fetch(`${slow.url}/rest/v1/events`)).status).toBe(401);
    } finally {
      await slow.close();
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });

  it('answers 502 when the upstream is down', async () => {
    const down = await serveGateway('http://127.0.0.1:1', MiB);
    const response = await fetch(`${down.url}/rest/v1/events`, { headers: { apikey: anonKey } });
    await down.close();
    expect(response.status).toBe(502);
  });
});

describe('costly regex filters', () => {
  const costly = `/rest/v1/events?description=match.${encodeURIComponent('(.*)(.*)\\2\\1z')}`;
  // As the site search sends `C*-suite`: the regex `C\*-suite`, its backslash doubled inside quotes.
  const literal = `/rest/v1/events?or=${encodeURIComponent('(title.imatch."C\\\\*-suite")')}`;

  it('lets one through at a time; the others answer 429 in words, literal text is never held back', async () => {
    let answerHeld!: () => void;
    const held = new Promise<void>((resolve) => (answerHeld = resolve));
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    // An upstream that holds a costly filter's answer, as PostgreSQL holds its connection, until told.
    const upstream = createServer((req, res) => {
      if (!req.url?.includes('description=')) return void res.end('[]');
      reached();
      void held.then(() => res.end('[]'));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const served = await serveGateway(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, MiB);
    const send = (path: string, signal?: AbortSignal) =>
      fetch(`${served.url}${path}`, { headers: { apikey: anonKey }, signal });
    try {
      const client = new AbortController();
      const first = send(costly, client.signal);
      await arrived;
      // The client leaving does not free the slot: PostgreSQL would still be running its filter.
      client.abort();
      await expect(first).rejects.toThrow();
      const refused = await send(costly);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('3');
      expect(await refused.json()).toEqual({
        message:
          'Too many regular-expression filters (match, imatch) are running at once: try again in a few seconds, or filter with eq, like or ilike',
      });
      expect((await send(literal)).status).toBe(200);
      answerHeld();
      // Once the upstream has answered, the slot is free again.
      let next = await send(costly);
      for (let tries = 0; next.status === 429 && tries < 100; tries += 1) {
        await next.arrayBuffer();
        await new Promise((resolve) => setImmediate(resolve));
        next = await send(costly);
      }
      expect(next.status).toBe(200);
    } finally {
      await served.close();
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});

describe('CORS', () => {
  const preflightHeaders = {
    origin: 'http://127.0.0.1:3000',
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
  };

  it('answers REST and auth preflights with the headers supabase-js sends', async () => {
    for (const path of ['/rest/v1/events', '/auth/v1/token']) {
      const response = await call(path, { method: 'OPTIONS', headers: preflightHeaders });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
      const allowed = response.headers.get('access-control-allow-headers') ?? '';
      for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-supabase-api-version']) {
        expect(allowed).toContain(header);
      }
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    }
  });

  it('adds CORS headers to errors too, so browsers can read them', async () => {
    const response = await call('/rest/v1/events', { headers: { origin: 'http://127.0.0.1:3000' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range');
  });

  it('leaves CORS to edge functions: preflights reach the function and replies gain no headers', async () => {
    const preflight = await call('/functions/v1/hello', { method: 'OPTIONS', headers: preflightHeaders });
    expect(await preflight.json()).toMatchObject({ service: 'functions', path: '/hello' });
    const post = await call('/functions/v1/hello', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000' },
      body: '{}',
    });
    expect(post.status).toBe(200);
    for (const response of [preflight, post]) {
      const cors = [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));
      expect(cors).toEqual([]);
    }
  });
});
