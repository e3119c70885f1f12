import { describe, expect, it } from 'vitest';
import { asksTooDeep, canonicalUrl, isPrivatePath, pageTarget } from './page-policy.ts';

describe('page policy', () => {
  it('names the page a route-data request belongs to', () => {
    expect(pageTarget('/events.data')).toEqual({ path: '/events', isData: true });
    expect(pageTarget('/_root.data')).toEqual({ path: '/', isData: true });
    expect(pageTarget('/about/our-clients')).toEqual({ path: '/about/our-clients', isData: false });
  });

  it('knows the visitor’s pages, and only those', () => {
    for (const path of [
      '/cart',
      '/checkout',
      '/order-confirmation',
      '/login',
      '/login/reset',
      '/admin',
      '/admin/orders/1',
      '/verify',
      '/verify/ABCD-EFGH-JKMN',
      '/preview/enable',
      '/preview/disable',
    ]) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ['/', '/about', '/training', '/administration', '/carton', '/events', '/verifying']) {
      expect(isPrivatePath(path), path).toBe(false);
    }
  });

  it('keeps only the parameters a page reads, sorted, plus the route ids of a data request', () => {
    expect(canonicalUrl(new URL('http://x/about?x=1&utm_source=mail'))).toBe('http://x/about');
    expect(canonicalUrl(new URL('http://x/training?x=1&q=lead&category=Finance'))).toBe(
      'http://x/training?category=Finance&q=lead',
    );
    expect(canonicalUrl(new URL('http://x/training.data?q=a&_routes=routes%2Fcms-page&z=9'))).toBe(
      'http://x/training.data?_routes=routes%2Fcms-page&q=a',
    );
    expect(canonicalUrl(new URL('http://x/events.data?q=a'))).toBe('http://x/events.data');
  });
});

describe('the route manifest', () => {
  it('keeps the paths and version it is asked for in its key', () => {
    expect(canonicalUrl(new URL('http://x/__manifest?version=abc&paths=%2Fabout%2C%2Fcontact&x=1'))).toBe(
      'http://x/__manifest?paths=%2Fabout%2C%2Fcontact&version=abc',
    );
  });

  it('refuses to match a path deeper than any route', () => {
    const manifest = (paths: string) => new URL(`http://x/__manifest?version=a&paths=${encodeURIComponent(paths)}`);
    expect(asksTooDeep(manifest('/about,/events/x/register'))).toBe(false);
    expect(asksTooDeep(manifest(`/about,/${'a/'.repeat(2_000)}`))).toBe(true);
    expect(asksTooDeep(new URL(`http://x/${'a/'.repeat(20)}`))).toBe(false);
  });
});
