import { describe, expect, it } from 'vitest';
import { createFreshRead } from './fresh-read';

/** A read that resolves when the test says so, recording when each one started. */
function controlledRead() {
  const started: Array<{ value: number; resolve: () => void; reject: (error: Error) => void }> = [];
  let stored = 0;
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const value = stored;
      started.push({ value, resolve: () => resolve(value), reject });
    });
  return { read, started, set: (value: number) => (stored = value) };
}

/** The end of the event loop's current turn (and of everything it queued before). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createFreshRead', () => {
  it('never answers a call with a read that started before it', async () => {
    const upstream = controlledRead();
    const freshRead = createFreshRead(upstream.read);
    const first = freshRead();
    await nextTurn();
    expect(upstream.started).toHaveLength(1);
    // The value changes while the first read runs; a call after the change must see it.
    upstream.set(1);
    const second = freshRead();
    await nextTurn();
    expect(upstream.started).toHaveLength(1);
    upstream.started[0]!.resolve();
    expect(await first).toBe(0);
    await nextTurn();
    expect(upstream.started).toHaveLength(2);
    upstream.started[1]!.resolve();
    expect(await second).toBe(1);
  });

  it('starts a read once the turn it was asked in is over, shared by every call of that turn', async () => {
    const upstream = controlledRead();
    const freshRead = createFreshRead(upstream.read);
    const sameTurn = [freshRead(), freshRead(), freshRead()];
    expect(upstream.started).toHaveLength(0);
    await nextTurn();
    expect(upstream.started).toHaveLength(1);
    upstream.started[0]!.resolve();
    expect(await Promise.all(sameTurn)).toEqual([0, 0, 0]);
  });

  it('lets callers waiting for the next read share it: one read runs at a time', async () => {
    const upstream = controlledRead();
    const freshRead = createFreshRead(upstream.read);
    const first = freshRead();
    await nextTurn();
    const waiting = [freshRead(), freshRead()];
    await nextTurn();
    waiting.push(freshRead());
    await nextTurn();
    expect(upstream.started).toHaveLength(1);
    upstream.started[0]!.resolve();
    await first;
    await nextTurn();
    expect(upstream.started).toHaveLength(2);
    upstream.started[1]!.resolve();
    expect(await Promise.all(waiting)).toEqual([0, 0, 0]);
    // Idle again: the next call reads in the next turn.
    void freshRead();
    await nextTurn();
    expect(upstream.started).toHaveLength(3);
  });

  it('starts the next read after a failed one, and passes the failure only to its own callers', async () => {
    const upstream = controlledRead();
    const freshRead = createFreshRead(upstream.read);
    const failing = freshRead();
    await nextTurn();
    const after = freshRead();
    upstream.started[0]!.reject(new Error('network'));
    await expect(failing).rejects.toThrow('network');
    await nextTurn();
    upstream.started[1]!.resolve();
    expect(await after).toBe(0);
  });

  it('passes a read that throws at once to its callers as a failure', async () => {
    const freshRead = createFreshRead<number>(() => {
      throw new Error('no client');
    });
    await expect(freshRead()).rejects.toThrow('no client');
  });
});
