import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSwrCache } from './cache';

const options = { freshMs: 1_000, maxStaleMs: 2_000, maxErrorStaleMs: 60_000 };
const down = () => Promise.reject(new Error('upstream down'));

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createSwrCache', () => {
  it('serves a fresh value without asking upstream, a stale one at once while refreshing', async () => {
    const cache = createSwrCache<number>(options);
    const load = vi.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(500);
    expect(await cache.get('k', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(await cache.get('k', load)).toBe(1);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await cache.get('k', load)).toBe(2);
  });

  it('asks upstream once however many requests wait for the same key', async () => {
    const cache = createSwrCache<number>(options);
    let resolve: (value: number) => void = () => {};
    const load = vi.fn(() => new Promise<number>((done) => (resolve = done)));
    const waiting = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    resolve(7);
    expect(await waiting).toEqual([7, 7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves an expired value while the upstream fails, and later requests do not wait for it', async () => {
    const cache = createSwrCache<number>(options);
    await cache.get('k', () => Promise.resolve(1));
    vi.advanceTimersByTime(10_000); // past fresh + stale: a request must ask first
    expect(await cache.get('k', down)).toBe(1);
    // The upstream now never answers: a failing key's value comes back without waiting.
    const silent = vi.fn(() => new Promise<number>(() => {}));
    expect(await cache.get('k', silent)).toBe(1);
    expect(silent).toHaveBeenCalledTimes(1);
    expect(await cache.get('k', silent)).toBe(1);
    expect(silent).toHaveBeenCalledTimes(1);
  });

  it('recovers by itself: the first successful refresh replaces the value served on error', async () => {
    const cache = createSwrCache<number>(options);
    await cache.get('k', () => Promise.resolve(1));
    vi.advanceTimersByTime(10_000);
    expect(await cache.get('k', down)).toBe(1);
    expect(await cache.get('k', () => Promise.resolve(2))).toBe(1);
    await vi.waitFor(async () => expect(await cache.get('k', down)).toBe(2));
  });

  it('fails once the value is older than maxErrorStaleMs, and fails at once without a value', async () => {
    const cache = createSwrCache<number>(options);
    await expect(cache.get('other', down)).rejects.toThrow('upstream down');
    await cache.get('k', () => Promise.resolve(1));
    vi.advanceTimersByTime(61_001);
    await expect(cache.get('k', down)).rejects.toThrow('upstream down');
  });

  it('reads afresh after expire() (an edit published), never keeping a read that started before it', async () => {
    const cache = createSwrCache<string>(options);
    let resolve: (value: string) => void = () => {};
    const before = cache.get('k', () => new Promise<string>((done) => (resolve = done)));
    cache.expire();
    const after = cache.get('k', () => Promise.resolve('edited'));
    resolve('old');
    expect(await before).toBe('old');
    expect(await after).toBe('edited');
    expect(await cache.get('k', down)).toBe('edited');
  });

  it('after expire(), still serves the old value if the fresh read fails', async () => {
    const cache = createSwrCache<string>(options);
    await cache.get('k', () => Promise.resolve('old'));
    cache.expire();
    const load = vi.fn(() => Promise.resolve('edited'));
    expect(await cache.get('k', load)).toBe('edited');
    expect(load).toHaveBeenCalledTimes(1);
    cache.expire();
    expect(await cache.get('k', down)).toBe('edited');
  });
});
