/** FailedSignins: the sliding window that backs the account and IP limits. */
import { describe, expect, it } from 'vitest';
import { FailedSignins } from './throttle.ts';

describe('FailedSignins', () => {
  it('counts failures inside the window and forgets them after it', () => {
    let now = 1_000_000;
    const failures = new FailedSignins(60, () => now);
    failures.record('ip:192.0.2.1');
    now += 30_000;
    failures.record('ip:192.0.2.1');
    expect(failures.count('ip:192.0.2.1')).toBe(2);
    now += 30_001; // the first failure is now older than 60 s
    expect(failures.count('ip:192.0.2.1')).toBe(1);
    now += 60_000;
    expect(failures.count('ip:192.0.2.1')).toBe(0);
  });

  it('keeps keys apart and clears one on request', () => {
    const failures = new FailedSignins(60);
    failures.record('email:a@example.test');
    failures.record('email:b@example.test');
    failures.clear('email:a@example.test');
    expect(failures.count('email:a@example.test')).toBe(0);
    expect(failures.count('email:b@example.test')).toBe(1);
  });

  it('drops expired keys once many accumulate', () => {
    let now = 0;
    const failures = new FailedSignins(1, () => now);
    for (let i = 0; i < 10_000; i++) failures.record(`ip:${i}`);
    now = 5_000;
    failures.record('ip:fresh'); // crosses the sweep threshold
    expect(failures.count('ip:0')).toBe(0);
    expect(failures.count('ip:fresh')).toBe(1);
  });
});
