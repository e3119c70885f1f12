import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDER_DEGRADED_ATTRIBUTE, RENDER_DEGRADED_HEADER } from '../app/config/render-degraded.ts';
import { createPageCache } from './page-cache.ts';

const get = (path = '/about') => new Request(`http://x${path}`);

describe('page cache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves fresh, then stale while re-rendering, and drops a copy that became uncacheable', async () => {
    vi.useFakeTimers();
    let answer = () => new Response('page', { status: 200 });
    const render = vi.fn(async () => answer());
    const handle = createPageCache(render, { freshMs: 3_000, staleMs: 10_000, maxEntries: 10 });

    expect((await handle(get())).headers.get('x-page-cache')).toBe('MISS');
    expect((await handle(get())).headers.get('x-page-cache')).toBe('HIT');
    expect(render).toHaveBeenCalledTimes(1);

    // Maintenance switches on: the page now answers 503, no-store.
    answer = () => new Response('maintenance', { status: 503, headers: { 'cache-control': 'no-store' } });
    vi.advanceTimersByTime(4_000);
    const stale = await handle(get());
    expect(stale.headers.get('x-page-cache')).toBe('STALE');
    await vi.runAllTimersAsync();
    // The background re-render got a 503: the old 200 is gone, not replayed for the rest of the stale window.
    const next = await handle(get());
    expect(next.status).toBe(503);
    expect(next.headers.get('x-page-cache')).toBe('MISS');
  });

  it('keeps the pages visitors keep reading when a new page fills it, dropping the least recently read', async () => {
    const render = vi.fn(async (request: Request) => new Response(new URL(request.url).pathname, { status: 200 }));
    const handle = createPageCache(render, { freshMs: 60_000, staleMs: 60_000, maxEntries: 2 });
    const replay = { method: 'GET', acceptEncoding: null, ifNoneMatch: null };
    const stored = (path: string) => handle.hit(`http://x${path}`, replay) !== undefined;
    const visit = async (path: string) => {
      await (await handle(get(path))).text();
      await vi.waitFor(() => expect(stored(path)).toBe(true));
    };
    await visit('/');
    await visit('/news');
    // The home page is read again, then a third page is stored: the cache is full.
    expect((await handle(get('/'))).headers.get('x-page-cache')).toBe('HIT');
    await visit('/events');
    expect(stored('/')).toBe(true);
    expect(stored('/news')).toBe(false);
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('renders every request while the bypass check holds, and replays the cache again after', async () => {
    let maintenance = false;
    let answer = () => new Response('page', { status: 200 });
    const render = vi.fn(async () => answer());
    const handle = createPageCache(render, {
      freshMs: 3_000,
      staleMs: 10_000,
      maxEntries: 10,
      bypass: async () => maintenance,
    });
    await handle(get());
    expect((await handle(get())).headers.get('x-page-cache')).toBe('HIT');

    // Switched on: the very next request renders (the 503), though a fresh copy is cached.
    maintenance = true;
    answer = () => new Response('maintenance', { status: 503, headers: { 'cache-control': 'no-store' } });
    const during = await handle(get());
    expect(during.status).toBe(503);
    expect(during.headers.get('x-page-cache')).toBeNull();
    expect(render).toHaveBeenCalledTimes(2);

    // Switched off: the next request is a page again.
    maintenance = false;
    answer = () => new Response('page', { status: 200 });
    expect((await handle(get())).status).toBe(200);
  });

  it('serves from the cache when the bypass check itself fails', async () => {
    const render = vi.fn(async () => new Response('page'));
    const handle = createPageCache(render, {
      freshMs: 3_000,
      staleMs: 10_000,
      maxEntries: 10,
      bypass: () => Promise.reject(new Error('network')),
    });
    await handle(get());
    expect((await handle(get())).headers.get('x-page-cache')).toBe('HIT');
  });

  it('never caches requests with cookies or authorization', async () => {
    const render = vi.fn(async () => new Response('page'));
    const handle = createPageCache(render, { freshMs: 3_000, staleMs: 10_000, maxEntries: 10 });
    await handle(new Request('http://x/', { headers: { cookie: 'a=b' } }));
    await handle(new Request('http://x/', { headers: { cookie: 'a=b' } }));
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('renders for the cache detached from the visitor: their leaving does not abort it', async () => {
    const signals: AbortSignal[] = [];
    const render = vi.fn(async (request: Request) => {
      signals.push(request.signal);
      return new Response('page');
    });
    const handle = createPageCache(render, { freshMs: 3_000, staleMs: 10_000, maxEntries: 10 });
    const visitor = new AbortController();
    await handle(new Request('http://x/about', { signal: visitor.signal }));
    visitor.abort();
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
  });
});

describe('page cache: HTTP semantics', () => {
  const options = { freshMs: 3_000, staleMs: 10_000, maxEntries: 10 };
  const page = `<!doctype html><p>${'Learn, lead, rise. '.repeat(200)}</p>`;
  const html = (body = page, headers: Record<string, string> = {}) =>
    new Response(body, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=3', ...headers },
    });
  const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Request(`http://x${path}`, { method, headers });

  it('keys a page by the query parameters it reads: any other parameter cannot force a render', async () => {
    const urls: string[] = [];
    const handle = createPageCache(async (req) => (urls.push(req.url), html()), options);
    await handle(request('/about?x=1'));
    expect((await handle(request('/about?x=2&utm_source=a'))).headers.get('x-page-cache')).toBe('HIT');
    // The catalogue reads q and category: their order does not matter, their values do.
    await handle(request('/training?x=1&q=lead&category=Finance'));
    expect((await handle(request('/training?category=Finance&q=lead&y=2'))).headers.get('x-page-cache')).toBe('HIT');
    expect((await handle(request('/training?q=risk'))).headers.get('x-page-cache')).toBe('MISS');
    // The app renders the URL it is stored under: it never sees a parameter the key dropped.
    expect(urls).toEqual(['http://x/about', 'http://x/training?category=Finance&q=lead', 'http://x/training?q=risk']);
  });

  it('never stores a visitor’s page and renders it with its own URL (the token stays)', async () => {
    const urls: string[] = [];
    const handle = createPageCache(async (req) => (urls.push(req.url), html()), options);
    for (const path of ['/order-confirmation?token=abc', '/order-confirmation?token=abc', '/cart', '/admin/orders']) {
      expect((await handle(request(path))).headers.get('x-page-cache')).toBeNull();
    }
    expect(urls).toEqual([
      'http://x/order-confirmation?token=abc',
      'http://x/order-confirmation?token=abc',
      'http://x/cart',
      'http://x/admin/orders',
    ]);
  });

  it('sends a first render no-store (its body is not judged yet) and the stored copy with its own headers', async () => {
    const handle = createPageCache(async () => html(), options);
    const miss = await handle(request('/about'));
    expect(miss.headers.get('cache-control')).toBe('no-store');
    const hit = await handle(request('/about'));
    expect(hit.headers.get('cache-control')).toBe('public, s-maxage=3');
    expect(hit.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(hit.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
    expect(Number(hit.headers.get('age'))).toBeGreaterThanOrEqual(0);
    expect(await hit.text()).toBe(page);
  });

  it('answers If-None-Match with 304 and no body, and another tag with the page', async () => {
    const handle = createPageCache(async () => html(), options);
    await handle(request('/about'));
    const etag = (await handle(request('/about'))).headers.get('etag')!;
    const notModified = await handle(request('/about', { 'if-none-match': `"other", ${etag}` }));
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('cache-control')).toBe('public, s-maxage=3');
    const changed = await handle(request('/about', { 'if-none-match': 'W/"old"' }));
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(page);
  });

  it('answers HEAD with exactly the headers of GET and no body, rendering a GET', async () => {
    const methods: string[] = [];
    const handle = createPageCache(async (req) => (methods.push(req.method), html()), options);
    const first = await handle(request('/about', {}, 'HEAD'));
    expect(first.body).toBeNull();
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const head = await handle(request('/about', { 'accept-encoding': 'br' }, 'HEAD'));
    const get = await handle(request('/about', { 'accept-encoding': 'br' }));
    expect(head.body).toBeNull();
    const without = (headers: Headers) => [...headers].filter(([name]) => name !== 'age');
    expect(without(head.headers)).toEqual(without(get.headers));
    expect(Number(head.headers.get('content-length'))).toBe((await get.arrayBuffer()).byteLength);
    expect(methods).toEqual(['GET']);
  });

  it('keeps compressed variants: each encoding decodes to the page, and Vary names Accept-Encoding', async () => {
    const render = vi.fn(async () => html());
    const handle = createPageCache(render, options);
    await handle(request('/about'));
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await handle(request('/about', { 'accept-encoding': encoding }));
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
      expect(body.byteLength).toBeLessThan(page.length / 5);
      expect(decode(body).toString()).toBe(page);
    }
    const plain = await handle(request('/about', { 'accept-encoding': 'identity' }));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('never stores a degraded render: the marker in the body, or the header', async () => {
    let body = `<div ${RENDER_DEGRADED_ATTRIBUTE}="">We couldn’t load events just now.</div>`;
    let headers: Record<string, string> = {};
    const render = vi.fn(async () => html(body, headers));
    const handle = createPageCache(render, options);
    await (await handle(request('/events'))).text();
    expect((await handle(request('/events'))).headers.get('x-page-cache')).toBe('MISS');
    body = page;
    headers = { [RENDER_DEGRADED_HEADER]: '1' };
    await (await handle(request('/events'))).text();
    expect((await handle(request('/events'))).headers.get('x-page-cache')).toBe('MISS');
    // Recovered: the next render is stored and replayed.
    headers = {};
    await (await handle(request('/events'))).text();
    expect((await handle(request('/events'))).headers.get('x-page-cache')).toBe('HIT');
    expect(render).toHaveBeenCalledTimes(5);
  });

  it('offers a fresh copy to the fast path, never a stale one', async () => {
    const handle = createPageCache(async () => html(), options);
    await handle(request('/about'));
    // A slow-path hit waits for the variant being compressed; the fast path then has it at hand.
    await handle(request('/about', { 'accept-encoding': 'br' }));
    vi.useFakeTimers();
    const replay = handle.hit('http://x/about', { method: 'GET', acceptEncoding: 'br', ifNoneMatch: null });
    expect(replay?.status).toBe(200);
    expect(replay?.headers['content-encoding']).toBe('br');
    vi.advanceTimersByTime(4_000);
    expect(handle.hit('http://x/about', { method: 'GET', acceptEncoding: 'br', ifNoneMatch: null })).toBeUndefined();
  });

  it('keeps serving the previous copy while re-renders come out degraded, then takes the recovered one', async () => {
    vi.useFakeTimers();
    let body = page;
    const render = vi.fn(async () => html(body));
    const handle = createPageCache(render, { ...options, staleIfErrorMs: 300_000 });
    await handle(request('/about'));
    await vi.runAllTimersAsync();
    // The dependency goes down: the re-render shows the error state.
    body = `<div ${RENDER_DEGRADED_ATTRIBUTE}="">We couldn’t load figures just now.</div>`;
    vi.advanceTimersByTime(4_000);
    expect((await handle(request('/about'))).headers.get('x-page-cache')).toBe('STALE');
    await vi.runAllTimersAsync();
    // Past the normal stale window, the good copy is still served, never the error state.
    vi.advanceTimersByTime(60_000);
    const during = await handle(request('/about'));
    expect(during.headers.get('x-page-cache')).toBe('STALE');
    expect(await during.text()).toBe(page);
    await vi.runAllTimersAsync();
    // Back: the next re-render is stored.
    body = 'recovered page';
    await (await handle(request('/about'))).text();
    await vi.runAllTimersAsync();
    await vi.waitFor(async () => expect(await (await handle(request('/about'))).text()).toBe('recovered page'));
  });
});
