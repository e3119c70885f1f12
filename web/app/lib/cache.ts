/**
 * A small time-based cache with stale-while-revalidate and stale-if-error: a fresh value is
 * returned as is, a stale one at once while one refresh runs in the background, so a page under
 * load costs one upstream call per key per interval, and edits still show within `freshMs + one
 * request`. When the upstream fails, a value up to `maxErrorStaleMs` old keeps being served (and
 * once a refresh has failed, without waiting for the next one), so an outage of the upstream does
 * not take down what was already read.
 */
interface Entry<T> {
  value: T;
  fetchedAt: number;
  /** Set when a refresh failed: later requests get the value at once until one succeeds. */
  failing?: boolean;
  /** Set by expire(): the next request reads afresh, and gets this value only if that read fails. */
  expired?: boolean;
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
  const entries = new Map<string, Entry<T>>();
  // One upstream call per key at a time, whoever asks.
  const loading = new Map<string, Promise<T>>();
  const maxEntries = options.maxEntries ?? 500;
  const staleLimit = options.freshMs + options.maxStaleMs;
  const errorLimit = options.freshMs + Math.max(options.maxStaleMs, options.maxErrorStaleMs ?? 0);
  let generation = 0;

  function store(key: string, value: T) {
    entries.delete(key);
    entries.set(key, { value, fetchedAt: Date.now() });
    // Oldest first in a Map: drop from the front when full.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  function refresh(key: string, load: () => Promise<T>): Promise<T> {
    const running = loading.get(key);
    if (running) return running;
    const startedIn = generation;
    const forget = () => {
      if (loading.get(key) === next) loading.delete(key);
    };
    const next = load().then(
      (value) => {
        forget();
        // An expire() while the read ran (an edit) makes its value too old to keep.
        if (startedIn === generation) store(key, value);
        return value;
      },
      (error: unknown) => {
        forget();
        const entry = entries.get(key);
        if (entry) entry.failing = true;
        throw error;
      },
    );
    loading.set(key, next);
    return next;
  }

  function refreshInBackground(key: string, load: () => Promise<T>) {
    refresh(key, load).catch((error: unknown) => {
      // Keep serving the last good value; a later request tries again.
      console.error(`[cache] refresh of ${key} failed:`, error);
    });
  }

  return {
    async get(key, load) {
      const entry = entries.get(key);
      const age = entry ? Date.now() - entry.fetchedAt : Infinity;
      if (!entry || age >= errorLimit) return refresh(key, load);
      if (!entry.expired && age < options.freshMs) return entry.value;
      if ((!entry.expired && age < staleLimit) || entry.failing) {
        refreshInBackground(key, load);
        return entry.value;
      }
      // Too old to serve without asking: serve it only if the upstream cannot answer.
      return refresh(key, load).catch((error: unknown) => {
        console.error(`[cache] read of ${key} failed, serving the value from ${Math.round(age / 1000)} s ago:`, error);
        return entry.value;
      });
    },
    expire: () => {
      generation += 1;
      for (const entry of entries.values()) entry.expired = true;
      loading.clear();
    },
  };
}
