import { afterEach, describe, expect, it, vi } from 'vitest';
import { recentRead } from './recent-read.ts';

describe('recentRead', () => {
  afterEach(() => vi.useRealTimers());

  it('reads for every call when the window is 0', async () => {
    const read = vi.fn(async () => true);
    const recent = recentRead(read, 0);
    await recent();
    await recent();
    expect(read).toHaveBeenCalledTimes(2);
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
