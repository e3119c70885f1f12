/** Failed sign-in counts per key (account or client IP) over a sliding window, kept in memory. */

const sweepThreshold = 10_000;

export class FailedSignins {
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #failures = new Map<string, number[]>();

  constructor(windowSeconds: number, now: () => number = Date.now) {
    this.#windowMs = windowSeconds * 1000;
    this.#now = now;
  }

  /** Failures for `key` still inside the window. */
  count(key: string): number {
    return this.#recent(key).length;
  }

  record(key: string): void {
    const recent = this.#recent(key);
    recent.push(this.#now());
    this.#failures.set(key, recent);
    // Keys that stop failing would otherwise stay forever; drop expired ones now and then.
    if (this.#failures.size > sweepThreshold) this.#sweep();
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.#windowMs;
    const recent = (this.#failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.#failures.delete(key);
    return recent;
  }

  #sweep(): void {
    for (const key of [...this.#failures.keys()]) this.#recent(key);
  }
}
