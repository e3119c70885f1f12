/** Counts of what the soak's requests got, per kind of request: statuses, latencies, failure messages. */

/** An HTTP status, or what happened instead of one. */
export type Outcome = number | 'timeout' | 'network error' | '503 page';

/** A 5xx that is not the friendly "try again" page, or no answer at all. */
export function isServerError(outcome: Outcome): boolean {
  return typeof outcome === 'number' ? outcome >= 500 : outcome !== '503 page';
}

interface KindTally {
  outcomes: Map<Outcome, number>;
  latencies: number[];
  /** Pages that answered 200 with a live list in its error state. */
  degraded: number;
}

export interface KindSummary {
  kind: string;
  requests: number;
  outcomes: string;
  p50: number;
  p99: number;
  max: number;
  degraded: number;
  serverErrors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export class Tally {
  private kinds = new Map<string, KindTally>();
  started = performance.now();
  ended: number | undefined;

  private of(kind: string): KindTally {
    let tally = this.kinds.get(kind);
    if (!tally) {
      tally = { outcomes: new Map(), latencies: [], degraded: 0 };
      this.kinds.set(kind, tally);
    }
    return tally;
  }

  record(kind: string, outcome: Outcome, ms: number, degraded = false): void {
    const tally = this.of(kind);
    tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
    tally.latencies.push(ms);
    if (degraded) tally.degraded += 1;
  }

  finish(): void {
    this.ended = performance.now();
  }

  get seconds(): number {
    return ((this.ended ?? performance.now()) - this.started) / 1000;
  }

  get requests(): number {
    let total = 0;
    for (const tally of this.kinds.values()) total += tally.latencies.length;
    return total;
  }

  /** 5xx answers, timeouts and network errors, all kinds together. */
  get serverErrors(): number {
    let total = 0;
    for (const tally of this.kinds.values())
      for (const [outcome, count] of tally.outcomes) if (isServerError(outcome)) total += count;
    return total;
  }

  /** Answers with the friendly 503 page (Retry-After, "try again"). */
  get friendlyUnavailable(): number {
    let total = 0;
    for (const tally of this.kinds.values()) total += tally.outcomes.get('503 page') ?? 0;
    return total;
  }

  summary(): KindSummary[] {
    return [...this.kinds].map(([kind, tally]) => {
      const sorted = [...tally.latencies].sort((a, b) => a - b);
      const outcomes = [...tally.outcomes]
        .sort(([, a], [, b]) => b - a)
        .map(([outcome, count]) => `${outcome}×${count}`)
        .join(' ');
      let serverErrors = 0;
      for (const [outcome, count] of tally.outcomes) if (isServerError(outcome)) serverErrors += count;
      return {
        kind,
        requests: sorted.length,
        outcomes,
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
        max: Math.round(sorted.at(-1) ?? 0),
        degraded: tally.degraded,
        serverErrors,
      };
    });
  }
}

/** Writes the soak asked for, by kind: which were acknowledged, and why the others failed. */
export class Ledger {
  readonly acknowledged = new Map<string, Set<string>>();
  readonly attempted = new Map<string, Set<string>>();
  readonly failures = new Map<string, Map<string, number>>();
  /** When the first write was acknowledged (performance.now()). */
  firstAcknowledged: number | undefined;

  private set(map: Map<string, Set<string>>, kind: string): Set<string> {
    let set = map.get(kind);
    if (!set) map.set(kind, (set = new Set()));
    return set;
  }

  attempt(kind: string, key: string): void {
    this.set(this.attempted, kind).add(key);
  }

  acknowledge(kind: string, key: string): void {
    this.firstAcknowledged ??= performance.now();
    this.set(this.acknowledged, kind).add(key);
  }

  fail(kind: string, message: string): void {
    let messages = this.failures.get(kind);
    if (!messages) this.failures.set(kind, (messages = new Map()));
    messages.set(message, (messages.get(message) ?? 0) + 1);
  }

  acknowledgedOf(kind: string): Set<string> {
    return this.acknowledged.get(kind) ?? new Set();
  }

  attemptedOf(kind: string): Set<string> {
    return this.attempted.get(kind) ?? new Set();
  }
}
