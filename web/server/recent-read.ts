/**
 * A read whose value is reused while the read that produced it started at most `maxAgeMs` ago
 * (0: every call reads). The page cache's maintenance check uses it when MAINTENANCE_MAX_AGE_MS is
 * set: each read is a round trip through the API gateway, PostgREST and PostgreSQL. With 0 the
 * app's check already shares one fresh read among the requests waiting for it
 * (web/app/lib/fresh-read.ts), so nothing is wrapped here.
 */
export function recentRead<T>(read: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  if (maxAgeMs <= 0) return read;
  let last: { startedAt: number; value: Promise<T> } | undefined;
  return function recent(): Promise<T> {
    const now = performance.now();
    if (last && now - last.startedAt < maxAgeMs) return last.value;
    const entry = { startedAt: now, value: read() };
    last = entry;
    // A failed read is not reused: the next call reads again.
    entry.value.catch(() => {
      if (last === entry) last = undefined;
    });
    return entry.value;
  };
}
