/**
 * Exponential back-off per key (an address, an account, or both), kept in memory: after a number
 * of free failures inside the window, each further failure doubles the wait before the key may try
 * again. A wait, never a lock: it runs out by itself, and only the failing key waits.
 */

export interface BackoffRule {
  /** Failures inside the window before the key waits (at least 1). */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  firstWaitSeconds: number;
  /** The longest wait (also how long a failure is remembered). */
  maxWaitSeconds: number;
}

const sweepThreshold = 10_000;

export class Backoff {
  readonly #rule: BackoffRule;
  readonly #now: () => number;
  readonly #failures = new Map<string, number[]>();

  constructor(rule: BackoffRule, now: () => number = Date.now) {
    this.#rule = rule;
    this.#now = now;
  }

  /** Whole seconds `key` must still wait before its next attempt (0: it may try now). */
  wait(key: string): number {
    const recent = this.#recent(key);
    const beyond = recent.length - this.#rule.freeFailures;
    const last = recent.at(-1);
    if (beyond < 0 || last === undefined) return 0;
    const waitMs = Math.min(this.#rule.firstWaitSeconds * 2 ** beyond, this.#rule.maxWaitSeconds) * 1000;
    return Math.max(0, Math.ceil((last + waitMs - this.#now()) / 1000));
  }

  fail(key: string): void {
    const recent = this.#recent(key);
    recent.push(this.#now());
    this.#failures.set(key, recent);
    // Keys that stop failing would otherwise stay forever; drop expired ones now and then.
    if (this.#failures.size > sweepThreshold) this.#sweep();
  }

  forgive(key: string): void {
    this.#failures.delete(key);
  }

  /** Failures still remembered for `key` (inside the window). */
  failures(key: string): number {
    return this.#recent(key).length;
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.#rule.maxWaitSeconds * 1000;
    const recent = (this.#failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.#failures.delete(key);
    return recent;
  }

  #sweep(): void {
    for (const key of [...this.#failures.keys()]) this.#recent(key);
  }
}
