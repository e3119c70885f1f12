/**
 * A small time-based cache with stale-while-revalidate: a fresh value is returned as is, a stale
 * one is returned at once while one refresh runs in the background, so a page under load costs
 * one upstream call per key per interval, and edits still show within `freshMs + one request`.
 */
interface Entry<T> {
  value: T;
  fetchedAt: number;
  refreshing?: Promise<void>;
}

export interface SwrCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createSwrCache<T>(options: { freshMs: number; maxStaleMs: number; maxEntries?: number }): SwrCache<T> {
  const entries = new Map<string, Entry<T>>();
  const maxEntries = options.maxEntries ?? 500;

  function store(key: string, value: T) {
    entries.delete(key);
    entries.set(key, { value, fetchedAt: Date.now() });
    // Oldest first in a Map: drop from the front when full.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    async get(key, load) {
      const entry = entries.get(key);
      const age = entry ? Date.now() - entry.fetchedAt : Infinity;
      if (entry && age < options.freshMs) return entry.value;
      if (entry && age < options.freshMs + options.maxStaleMs) {
        entry.refreshing ??= load().then(
          (value) => store(key, value),
          (error: unknown) => {
            // Keep serving the last good value; the next request tries again.
            console.error(`[cache] refresh of ${key} failed:`, error);
            entry.refreshing = undefined;
          },
        );
        return entry.value;
      }
      const value = await load();
      store(key, value);
      return value;
    },
    clear: () => entries.clear(),
  };
}
