import { afterEach, describe, expect, it, vi } from 'vitest';
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
