/** backoffWait: free failures, then waits that double up to the longest, and run out by themselves. */
import { describe, expect, it } from 'vitest';
import { backoffWait } from './backoff.ts';

const rule = { freeFailures: 2, firstWaitSeconds: 10, maxWaitSeconds: 60 };

describe('backoffWait', () => {
  it('lets the free failures through, then doubles the wait with each further failure', () => {
    expect(backoffWait({ count: 1, lastAt: 0 }, rule, 0)).toBe(0);
    expect(backoffWait({ count: 2, lastAt: 0 }, rule, 0)).toBe(10);
    expect(backoffWait({ count: 3, lastAt: 0 }, rule, 0)).toBe(20);
    expect(backoffWait({ count: 4, lastAt: 0 }, rule, 0)).toBe(40);
  });

  it('holds the wait at the longest', () => {
    expect(backoffWait({ count: 9, lastAt: 0 }, rule, 0)).toBe(60);
  });

  it('counts the wait from the last failure, so it runs out by itself', () => {
    expect(backoffWait({ count: 3, lastAt: 0 }, rule, 15_000)).toBe(5);
    expect(backoffWait({ count: 3, lastAt: 0 }, rule, 20_000)).toBe(0);
    expect(backoffWait({ count: 0, lastAt: null }, rule, 0)).toBe(0);
  });
});
