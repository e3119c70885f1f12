/**
 * A read whose every caller gets a value read after it asked (never one started earlier), so a
 * change upstream shows on the very next call; callers that arrive while a read waits to start
 * share it, and at most one read runs at a time, so a busy server makes about one read per read's
 * duration however many requests ask.
 */
export function createFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let waiting: Promise<T> | undefined;

  function start(): Promise<T> {
    const current = read();
    running = current;
    const finished = () => {
      if (running === current) running = undefined;
    };
    current.then(finished, finished);
    return current;
  }

  return function freshRead(): Promise<T> {
    if (waiting) return waiting;
    if (!running) return start();
    // The running read may have started before this call: the next one starts when it ends.
    const next = running.then(
      () => undefined,
      () => undefined,
    );
    const queued = next.then(() => {
      waiting = undefined;
      return start();
    });
    waiting = queued;
    return queued;
  };
}
