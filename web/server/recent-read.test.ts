import { afterEach, describe, expect, it, vi } from 'vitest';
import { recentRead } from './recent-read.ts';

describe('recentRead', () => {
  afterEach(() => vi.useRealTimers());

  it('reads for every call when the window is 0 and calls come one after another', async () => {
    const read = vi.fn(async () => true);
    const recent = recentRead(read, 0);
    await recent();
    await recent();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('with window 0, answers a call made during a read with the next read, shared by every such call', async () => {
    let value = false;
    const pending: Array<() => void> = [];
    const read = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          const seen = value;
          pending.push(() => resolve(seen));
        }),
    );
    const fresh = recentRead(read, 0);
    const first = fresh();
    // The switch is committed while the first read is in flight: calls made after it must see it.
    value = true;
    const during = [fresh(), fresh(), fresh()];
    expect(read).toHaveBeenCalledTimes(1);
    pending.shift()?.();
    expect(await first).toBe(false);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    pending.shift()?.();
    expect(await Promise.all(during)).toEqual([true, true, true]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('with window 0, a failed read fails only the calls it answers', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(true);
    const fresh = recentRead<boolean>(read, 0);
    const failing = fresh();
    const after = fresh();
    await expect(failing).rejects.toThrow('down');
    expect(await after).toBe(true);
  });

  it('reuses a read started within the window, then reads again', async () => {
    vi.useFakeTimers();
    let value = false;
    const read = vi.fn(async () => value);
    const recent = recentRead(read, 1_000);
    expect(await recent()).toBe(false);
    value = true;
    vi.advanceTimersByTime(999);
    expect(await recent()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await recent()).toBe(true);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not reuse a failed read', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(true);
    const recent = recentRead<boolean>(read, 60_000);
    await expect(recent()).rejects.toThrow('down');
    expect(await recent()).toBe(true);
  });
});
