/**
 * GoTrue's per-address limiter (as on /verify): a token bucket per key holding at most `capacity`
 * requests, refilled at `capacity` per `periodSeconds`. In memory, as GoTrue keeps it.
 */
export interface BucketRule {
  capacity: number;
  periodSeconds: number;
}

const sweepThreshold = 10_000;

export class TokenBucket {
  readonly #rule: BucketRule;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(rule: BucketRule, now: () => number) {
    this.#rule = rule;
    this.#now = now;
  }

  /** Takes one request's token for `key`: 0 when it may go ahead, else whole seconds until a token is back. */
  take(key: string): number {
    const now = this.#now();
    const perMs = this.#rule.capacity / (this.#rule.periodSeconds * 1000);
    const bucket = this.#buckets.get(key) ?? { tokens: this.#rule.capacity, at: now };
    const tokens = Math.min(this.#rule.capacity, bucket.tokens + (now - bucket.at) * perMs);
    if (tokens < 1) {
      this.#buckets.set(key, { tokens, at: now });
      return Math.ceil((1 - tokens) / perMs / 1000);
    }
    this.#buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.#buckets.size > sweepThreshold) this.#sweep(now, perMs);
    return 0;
  }

  /** Drops buckets that have refilled: they say nothing a fresh bucket would not. */
  #sweep(now: number, perMs: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (now - bucket.at) * perMs >= this.#rule.capacity) this.#buckets.delete(key);
    }
  }
}
