/**
 * Exponential back-off: after a number of free failures inside the window, each further failure
 * doubles the wait before the key may try again. A wait, never a lock: it runs out by itself.
 */

export interface BackoffRule {
  /** Failures inside the window before the key waits (at least 1). */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  firstWaitSeconds: number;
  /** The longest wait (also how long a failure is remembered). */
  maxWaitSeconds: number;
}

/** A key's failures inside the rule's window: how many, and when the last was (ms since the epoch). */
export interface RecentFailures {
  count: number;
  lastAt: number | null;
}

/** Whole seconds the key must still wait at `now` before its next attempt (0: it may try now). */
export function backoffWait(failures: RecentFailures, rule: BackoffRule, now: number): number {
  const beyond = failures.count - rule.freeFailures;
  if (beyond < 0 || failures.lastAt === null) return 0;
  const waitMs = Math.min(rule.firstWaitSeconds * 2 ** beyond, rule.maxWaitSeconds) * 1000;
  return Math.max(0, Math.ceil((failures.lastAt + waitMs - now) / 1000));
}
