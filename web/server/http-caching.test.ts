import { describe, expect, it } from 'vitest';
import {
  etagMatches,
  etagOf,
  pageCacheControl,
  privateCacheControl,
  publicPageCacheControl,
  withPageHeaders,
} from './http-caching.ts';

const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://x${path}`, { headers });

describe('page Cache-Control', () => {
  it('lets a shared cache hold a public page briefly, serve it stale while revalidating and on error', () => {
    expect(publicPageCacheControl).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    for (const status of [200, 301, 404]) {
      expect(pageCacheControl(request('/about'), new Response(null, { status }))).toBe(publicPageCacheControl);
    }
  });

  it('makes the visitor’s pages and any request with credentials private, no-store', () => {
    for (const req of [
      request('/cart'),
      request('/checkout'),
      request('/order-confirmation?token=a'),
      request('/login'),
      request('/admin/orders'),
      request('/about', { cookie: 'a=b' }),
      request('/about', { authorization: 'Bearer x' }),
    ]) {
      expect(pageCacheControl(req, new Response('page')), req.url).toBe(privateCacheControl);
    }
  });

  it('never lets a failure, a degraded render or the page’s own no-store be kept', () => {
    expect(pageCacheControl(request('/about'), new Response(null, { status: 500 }))).toBe('no-store');
    expect(pageCacheControl(request('/about'), new Response('x', { headers: { 'x-render-degraded': '1' } }))).toBe(
      'no-store',
    );
    const maintenance = new Response('x', { status: 503, headers: { 'cache-control': 'no-store' } });
    expect(pageCacheControl(request('/about'), maintenance)).toBe('no-store');
    const own = new Response('x', { headers: { 'cache-control': 'no-store' } });
    expect(pageCacheControl(request('/about'), own)).toBe('no-store');
  });

  it('keeps what React Router set on its own answers (the manifest is immutable per build)', () => {
    const manifest = new Response('{}', { headers: { 'cache-control': 'public, max-age=31536000, immutable' } });
    expect(pageCacheControl(request('/__manifest?version=a&paths=%2F'), manifest)).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('gives HTML its charset', () => {
    const page = withPageHeaders(request('/about'), new Response('x', { headers: { 'content-type': 'text/html' } }));
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe(publicPageCacheControl);
  });
});

describe('ETag', () => {
  it('is a weak tag of the bytes that matches weakly, in a list or as *', () => {
    const tag = etagOf(Buffer.from('page'));
    expect(tag).toMatch(/^W\/"[\w-]{20,}"$/);
    expect(etagOf(Buffer.from('page 2'))).not.toBe(tag);
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(tag.slice(2), tag)).toBe(true);
    expect(etagMatches(`"a", ${tag}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('W/"other"', tag)).toBe(false);
    expect(etagMatches(null, tag)).toBe(false);
  });
});
