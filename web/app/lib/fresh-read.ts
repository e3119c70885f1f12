/**
 * A read whose every caller gets a value read after it asked (never one started earlier), so a
 * change upstream shows on the very next call. Callers share reads: at most one runs at a time,
 * and a read starts only once the current turn of the event loop is over (`defer`, by default
 * `setImmediate`), so every caller that arrived in that turn (a busy server reads many requests
 * off its sockets in one turn) shares it. A busy server so makes about one read per read's
 * duration however many requests ask, and a request waits for about one read, not two.
 */
export function createFreshRead<T>(
  read: () => Promise<T>,
  defer: (start: () => void) => void = setImmediate,
): () => Promise<T> {
  let running: Promise<unknown> | undefined;
  /** The read new callers join: it has not started yet. */
  let next: Promise<T> | undefined;

  function scheduleNext(): Promise<T> {
    const after = running;
    return new Promise<T>((resolve, reject) => {
      const begin = () =>
        defer(() => {
          next = undefined;
          const current = Promise.resolve().then(read);
          running = current;
          const finished = () => {
            if (running === current) running = undefined;
          };
          current.then(finished, finished);
          current.then(resolve, reject);
        });
      // The running read may have started before these callers asked: the next one starts after it.
      if (after) after.then(begin, begin);
      else begin();
    });
  }

  return function freshRead(): Promise<T> {
    next ??= scheduleNext();
    return next;
  };
}
