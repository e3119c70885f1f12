import { describe, expect, it } from 'vitest';
import { settleLiveData } from './settle-live-data';
import type { LiveResult, MetricItem, StreamedLiveData } from './types';

const metric: MetricItem = { id: 'm1', label: 'Professionals trained', value: 12500, display: '12,500+' };

function live(stats: StreamedLiveData['stats']): StreamedLiveData {
  return { stats, eventList: {}, programList: {}, serviceList: {}, catalogue: {} };
}

describe('settleLiveData', () => {
  it('gives each read that finished in time as its outcome', async () => {
    const settled = await settleLiveData(
      live({ a: Promise.resolve({ rows: [metric] }), b: Promise.resolve({ failed: true }) }),
      1_000,
    );
    expect(settled.stats).toEqual({ a: { rows: [metric] }, b: { failed: true } });
  });

  it('stops waiting at the time limit and leaves the reads still running as promises', async () => {
    const slow = new Promise<LiveResult<MetricItem[]>>(() => undefined);
    const began = Date.now();
    const settled = await settleLiveData(live({ fast: Promise.resolve({ rows: [] }), slow }), 50);
    expect(Date.now() - began).toBeLessThan(1_000);
    expect(settled.stats.fast).toEqual({ rows: [] });
    expect(settled.stats.slow).toBe(slow);
  });

  it('leaves a broken read as its promise, for the block to show its error state', async () => {
    const broken = Promise.reject(new Error('stream cut short'));
    broken.catch(() => undefined);
    const settled = await settleLiveData(live({ broken }), 1_000);
    expect(settled.stats.broken).toBe(broken);
  });
});
