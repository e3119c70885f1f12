/** Backoff: free failures, then waits that double, run out by themselves and stay with their key. */
import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.ts';

describe('Backoff', () => {
  it('lets the free failures through, then doubles the wait with each further failure, up to the longest', () => {
    let now = 1_000_000;
    const backoff = new Backoff({ freeFailures: 2, firstWaitSeconds: 10, maxWaitSeconds: 60 }, () => now);
    backoff.fail('a');
    backoff.fail('a');
    expect(backoff.wait('a')).toBe(10);
    now += 10_000;
    expect(backoff.wait('a')).toBe(0);
    backoff.fail('a');
    expect(backoff.wait('a')).toBe(20);
    now += 20_000;
    backoff.fail('a');
    expect(backoff.wait('a')).toBe(40);
  });

  it('holds the wait at the longest', () => {
    const backoff = new Backoff({ freeFailures: 1, firstWaitSeconds: 10, maxWaitSeconds: 25 });
    backoff.fail('a');
    backoff.fail('a');
    expect(backoff.wait('a')).toBe(20);
    backoff.fail('a');
    expect(backoff.wait('a')).toBe(25); // 40 s, held at the longest wait
  });

  it('forgets failures older than the longest wait, so a wait never becomes a lock', () => {
    let now = 0;
    const backoff = new Backoff({ freeFailures: 1, firstWaitSeconds: 5, maxWaitSeconds: 30 }, () => now);
    for (let i = 0; i < 20; i++) backoff.fail('a');
    expect(backoff.wait('a')).toBe(30);
    now += 30_001;
    expect(backoff.wait('a')).toBe(0);
    expect(backoff.failures('a')).toBe(0);
  });

  it('keeps keys apart and forgives one on request', () => {
    const backoff = new Backoff({ freeFailures: 1, firstWaitSeconds: 5, maxWaitSeconds: 30 });
    backoff.fail('a');
    backoff.fail('b');
    backoff.forgive('a');
    expect(backoff.wait('a')).toBe(0);
    expect(backoff.wait('b')).toBe(5);
  });

  it('drops expired keys once many accumulate', () => {
    let now = 0;
    const backoff = new Backoff({ freeFailures: 5, firstWaitSeconds: 1, maxWaitSeconds: 1 }, () => now);
    for (let i = 0; i < 10_000; i++) backoff.fail(`ip:${i}`);
    now = 5_000;
    backoff.fail('ip:fresh'); // crosses the sweep threshold
    expect(backoff.failures('ip:0')).toBe(0);
    expect(backoff.failures('ip:fresh')).toBe(1);
  });
});
