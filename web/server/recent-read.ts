/**
 * How the page cache's maintenance check reads the flag. Each read is a round trip through the API
 * gateway, PostgREST and PostgreSQL; one per request would bound a cache hit by that round trip.
 * - Window 0 (the default), `freshRead`: every call gets a read that started after the call, so a
 *   switch committed before a request is seen by it, but calls arriving during a read share the next
 *   one: under load one read is in flight at a time, not one per request.
 * - A window (MAINTENANCE_MAX_AGE_MS): a read is reused while it started at most that long ago.
 */
export function recentRead<T>(read: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  if (maxAgeMs <= 0) return freshRead(read);
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

const ignore = () => undefined;

/** Every call answered by a read begun after it; calls made during one read share the next. */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const value = read();
    inFlight = value;
    const settled = () => {
      if (inFlight === value) inFlight = undefined;
    };
    value.then(settled, settled);
    return value;
  };
  return function fresh(): Promise<T> {
    if (!inFlight) return start();
    // The read in flight began before this call and may predate a change: wait for the one after it.
    next ??= inFlight.then(ignore, ignore).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
