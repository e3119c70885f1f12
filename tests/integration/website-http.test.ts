/**
 * The website's HTTP as a CDN and a browser see it, on the running site: public pages cacheable by
 * a shared cache (Cache-Control, ETag and 304, Vary, charset, HEAD = GET without the body), a
 * query parameter the page does not read cannot force a render, the visitor's pages private,
 * bad requests answered with small pages, and a path too deep to be a route answered at once
 * without delaying anyone. (Maintenance, which changes the whole site, is in the e2e
 * `global-state` project: tests/e2e/maintenance-data.global.spec.ts.)
 */
import { describe, expect, it } from 'vitest';
import { rawHttp } from '../support/raw-http.ts';
import { stackInfo } from './stack-info.ts';

const stack = stackInfo();
const port = Number(new URL(stack.webUrl).port);
const get = (path: string, init?: RequestInit) => fetch(`${stack.webUrl}${path}`, { redirect: 'manual', ...init });

/** Requests `path` until the page cache replays it (the first render is stored once its body is complete). */
async function cached(path: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await get(path, init);
    if (response.headers.get('x-page-cache') === 'HIT') return response;
    await response.arrayBuffer();
  }
  throw new Error(`${path} was never replayed from the page cache`);
}

describe('public pages', () => {
  it('let a shared cache hold them briefly, serve them stale, and validate them by ETag', async () => {
    const response = await cached('/about');
    const headers = response.headers;
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    expect(headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
    expect(headers.get('vary')).toMatch(/accept-encoding/i);
    // A replay from memory carries the security headers and the policy of the render it replays.
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(await response.text()).toContain('</html>');

    const revalidated = await get('/about', { headers: { 'if-none-match': headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('etag')).toBe(headers.get('etag'));
  });

  it('cannot be forced to render by a query parameter the page does not read', async () => {
    await cached('/about');
    for (let i = 0; i < 5; i += 1) {
      const busting = await get(`/about?x=${Math.random()}&utm_source=${i}`);
      expect(busting.headers.get('x-page-cache')).toBe('HIT');
      await busting.arrayBuffer();
    }
    // The catalogue reads its filter: another filter is another page.
    const filtered = await get(`/training?q=${Date.now()}`);
    expect(filtered.headers.get('x-page-cache')).toBe('MISS');
    await filtered.arrayBuffer();
  });

  it('answer HEAD with the headers of GET and no body', async () => {
    const headers = { 'accept-encoding': 'br' };
    const page = await cached('/contact', { headers });
    const head = await get('/contact', { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'etag', 'vary']) {
      expect(head.headers.get(name), name).toBe(page.headers.get(name));
    }
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // A page not in the cache yet: HEAD still names its type.
    const uncached = await get(`/training?q=head-${Date.now()}`, { method: 'HEAD' });
    expect(uncached.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('serve compressed copies that decode to the page', async () => {
    const br = await cached('/about', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    // fetch decodes the body: the page arrives whole.
    expect(await br.text()).toContain('</html>');
  });
});

describe('the visitor’s pages', () => {
  it('are private and never stored: cart, checkout, confirmation, sign-in, admin, and any request with a cookie', async () => {
    for (const [path, init] of [
      ['/cart', {}],
      ['/checkout', {}],
      ['/order-confirmation?token=00000000-0000-0000-0000-000000000000', {}],
      ['/login', {}],
      ['/admin', {}],
      ['/about', { headers: { cookie: 'session=abc' } }],
      ['/about', { headers: { authorization: 'Bearer abc' } }],
    ] as const) {
      const response = await get(path, init);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
      expect(response.headers.get('x-page-cache'), path).toBeNull();
      await response.arrayBuffer();
    }
  });
});

describe('bad requests', () => {
  it.each([
    ['malformed percent-encoding', 'GET /%E0%A4%A HTTP/1.1', 400],
    ['an escaped NUL byte', 'GET /about%00.png HTTP/1.1', 400],
    ['a URL over 8 KB', `GET /${'a'.repeat(9_000)} HTTP/1.1`, 414],
    ['an unknown method', 'PROPFIND / HTTP/1.1', 405],
    ['TRACE', 'TRACE / HTTP/1.1', 405],
  ])('answer %s with a small HTML page, and the site keeps serving', async (_name, line, status) => {
    const answer = await rawHttp(port, line);
    expect(answer.status).toBe(status);
    expect(answer.text).toMatch(/\r\ncontent-type: text\/html; charset=utf-8\r\n/i);
    expect(answer.text).toMatch(/\r\ncache-control: no-store\r\n/i);
    expect(answer.text).toContain(`<h1>${status} `);
    expect(answer.text).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer.text).toMatch(/\r\nx-frame-options: DENY\r\n/i);
    if (status === 405) expect(answer.text).toMatch(/\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE\r\n/i);
    expect((await get('/about')).status).toBe(200);
  });
});

describe('paths too deep or too long to be a route', () => {
  it('are answered at once, and a visitor’s request meanwhile is not delayed', async () => {
    const deepest = `GET /${'a/'.repeat(7_000)} HTTP/1.1`;
    const deep = `GET /${'a/'.repeat(500)} HTTP/1.1`;
    const began = performance.now();
    const [answers, visitor] = await Promise.all([
      Promise.all([...Array.from({ length: 5 }, () => rawHttp(port, deepest)), rawHttp(port, deep)]),
      (async () => {
        const start = performance.now();
        const response = await get(`/contact?visitor=${Date.now()}`);
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - start };
      })(),
    ]);
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([414, 414, 414, 414, 414]);
    expect(answers[5]!.status).toBe(404);
    // React Router's route discovery matches the paths it is given like a URL's: not those.
    const manifest = await get(`/__manifest?version=x&paths=${encodeURIComponent(`/${'a/'.repeat(500)}`)}`);
    expect(manifest.status).toBe(400);
    expect(answers[5]!.text).toMatch(/\r\ncontent-type: text\/html; charset=utf-8\r\n/i);
    expect(visitor.status).toBe(200);
    // Matching one such path used to take ~5 s of the server's only thread.
    expect(performance.now() - began).toBeLessThan(2_000);
    expect(visitor.ms).toBeLessThan(2_000);
  });
});
