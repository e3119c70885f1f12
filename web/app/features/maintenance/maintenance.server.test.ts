import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMaintenanceCheck } from './maintenance.server';

/** A flag source the test answers by hand; `started(n)` waits until n reads have begun. */
function controlledSource() {
  const pending: Array<{ resolve: (value: boolean) => void; reject: (error: Error) => void }> = [];
  const read = vi.fn(() => new Promise<boolean>((resolve, reject) => pending.push({ resolve, reject })));
  const started = (count: number) => vi.waitFor(() => expect(pending).toHaveLength(count));
  return { read, pending, started };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('createMaintenanceCheck', () => {
  it('answers with each fresh read while the source works', async () => {
    const source = controlledSource();
    const check = createMaintenanceCheck(source.read);
    const first = check();
    await source.started(1);
    source.pending[0]!.resolve(true);
    expect(await first).toBe(true);
    const second = check();
    await source.started(2);
    source.pending[1]!.resolve(false);
    expect(await second).toBe(false);
  });

  it('keeps the last value read when a read fails, then stops waiting for the source until it answers', async () => {
    const source = controlledSource();
    const check = createMaintenanceCheck(source.read);
    const first = check();
    await source.started(1);
    source.pending[0]!.resolve(true);
    expect(await first).toBe(true);
    const failed = check();
    await source.started(2);
    source.pending[1]!.reject(new Error('PostgREST 503'));
    expect(await failed).toBe(true);
    // The source is now silent: a call answers at once while one read checks in the background.
    expect(await Promise.race([check(), new Promise((resolve) => setTimeout(() => resolve('waited'), 100))])).toBe(
      true,
    );
    await source.started(3);
    // It answers again: from then on a call waits for a fresh read, as before.
    source.pending[2]!.resolve(false);
    await vi.waitFor(() => expect(source.read).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    let settled = false;
    const next = check().then((value) => ((settled = true), value));
    await source.started(4);
    expect(settled).toBe(false);
    source.pending[3]!.resolve(true);
    expect(await next).toBe(true);
  });

  it('treats the site as open when the very first read fails', async () => {
    const check = createMaintenanceCheck(() => Promise.reject(new Error('connection refused')));
    expect(await check()).toBe(false);
  });
});
