/**
 * A small time-based cache with stale-while-revalidate and stale-if-error, over lru-cache: a fresh
 * value is returned as is, a stale one at once while one refresh runs in the background, so a page
 * under load costs one upstream call per key per interval, and edits still show within `freshMs +
 * one request`. When the upstream fails, a value up to `maxErrorStaleMs` old keeps being served (and
 * once a refresh has failed, without waiting for the next one), so an outage of the upstream does
 * not take down what was already read. lru-cache has one notion of stale; the two longer windows
 * (served at once, served only if the read fails) and expire() are the few lines below.
 */
import { LRUCache } from 'lru-cache';

interface Entry<T> {
  value: T;
  fetchedAt: number;
  /** The expire() count when its read started: an older one is read afresh by its next request. */
  generation: number;
  /** Set when a refresh failed: later requests get the value at once until one succeeds. */
  failing?: boolean;
}

export interface SwrCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Something changed upstream (an edit published): every key is read afresh by its next request,
   * reads already running are not kept; the old values stay only to be served if that read fails.
   */
  expire(): void;
}

export interface SwrCacheOptions {
  freshMs: number;
  maxStaleMs: number;
  /** How old a value may be and still be served while the upstream fails (default: maxStaleMs, no more). */
  maxErrorStaleMs?: number;
  maxEntries?: number;
}

export function createSwrCache<T>(options: SwrCacheOptions): SwrCache<T> {
  const staleLimit = options.freshMs + options.maxStaleMs;
  const errorLimit = options.freshMs + Math.max(options.maxStaleMs, options.maxErrorStaleMs ?? 0);
  let generation = 0;
  /** Keys whose read runs now, with a token per read: expire() must reach them (lru-cache's keys() skips them). */
  const reading = new Map<string, symbol>();

  const entries = new LRUCache<string, Entry<T>, () => Promise<T>>({
    max: options.maxEntries ?? 500,
    ttl: options.freshMs,
    // The clock of fetchedAt (and of fake timers in tests), not performance.now().
    perf: Date,
    // A failed read keeps the previous value (to serve while the upstream fails).
    noDeleteOnFetchRejection: true,
    // A read replaced by expire() still answers the requests waiting for it, but is not stored.
    ignoreFetchAbort: true,
    // One upstream call per key at a time, whoever asks.
    fetchMethod: async (key, previous, { context: load }) => {
      const token = Symbol(key);
      const startedIn = generation;
      reading.set(key, token);
      try {
        return { value: await load(), fetchedAt: Date.now(), generation: startedIn };
      } catch (error) {
        if (previous) previous.failing = true;
        console.error(`[cache] read of ${key} failed:`, error);
        throw error;
      } finally {
        if (reading.get(key) === token) reading.delete(key);
      }
    },
  });

  async function read(
    key: string,
    load: () => Promise<T>,
    fetchOptions: LRUCache.FetchOptions<string, Entry<T>, () => Promise<T>>,
  ) {
    const entry = await entries.fetch(key, { ...fetchOptions, context: load });
    if (!entry) throw new Error(`[cache] the read of ${key} gave nothing`);
    return entry.value;
  }

  return {
    async get(key, load) {
      const entry = entries.peek(key, { allowStale: true });
      const age = entry ? Date.now() - entry.fetchedAt : Infinity;
      if (!entry || age >= errorLimit) return read(key, load, { forceRefresh: true });
      const expired = entry.generation !== generation;
      // Fresh: the value; stale within maxStaleMs, or failing: the value at once, one refresh behind it.
      if (entry.failing || (!expired && age < staleLimit))
        return read(key, load, { allowStale: true, forceRefresh: entry.failing === true });
      // Too old (or expired) to serve without asking: serve it only if the upstream cannot answer.
      return read(key, load, { forceRefresh: true }).catch(() => {
        console.error(`[cache] serving ${key} from ${Math.round(age / 1000)} s ago`);
        return entry.value;
      });
    },
    expire: () => {
      generation += 1;
      // Replacing a running read aborts it: its answer is not stored (ignoreFetchAbort lets it reach its callers).
      for (const key of reading.keys()) {
        const previous = entries.peek(key, { allowStale: true });
        if (previous) entries.set(key, previous);
        else entries.delete(key);
      }
      reading.clear();
    },
  };
}
