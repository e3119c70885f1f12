/** The OAuth token cache: one token until (just before) it expires, one request for concurrent callers. */
import { describe, expect, it } from 'vitest';
import { createTokenCache } from './token-cache.ts';

function setup() {
  let clock = 0;
  let issued = 0;
  const cache = createTokenCache(
    async () => ({ token: `t${++issued}`, expiresInSeconds: 3599 }),
    () => clock,
  );
  return { cache, advance: (ms: number) => (clock += ms), issued: () => issued };
}

describe('token cache', () => {
  it('reuses the token until its last minute, then fetches a new one', async () => {
    const { cache, advance, issued } = setup();
    expect(await cache.get()).toBe('t1');
    advance(3538_000);
    expect(await cache.get()).toBe('t1');
    advance(2_000);
    expect(await cache.get()).toBe('t2');
    expect(issued()).toBe(2);
  });

  it('asks once for concurrent callers', async () => {
    const { cache, issued } = setup();
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(['t1', 't1', 't1']);
    expect(issued()).toBe(1);
  });

  it('fetches a new token once the current one is dropped', async () => {
    const { cache } = setup();
    await cache.get();
    cache.drop('t1');
    expect(await cache.get()).toBe('t2');
  });
});
