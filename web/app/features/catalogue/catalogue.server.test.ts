/** The live reads: which view, which filter and order (upcoming vs past events), limits, errors, and rows missing values. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for supabase-js's query builder that records each call and resolves to `result`. */
const calls: Array<[string, ...unknown[]]> = [];
let result: { data: unknown; error: { message: string; code?: string } | null } = { data: [], error: null };

function builder(): unknown {
  const chain: Record<string, unknown> = {};
  for (const method of ['from', 'select', 'eq', 'gte', 'lt', 'order', 'limit', 'abortSignal'])
    chain[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return chain;
    };
  chain.then = (resolve: (value: unknown) => unknown) => Promise.resolve(result).then(resolve);
  return chain;
}

vi.mock('../../lib/supabase/server-client.server', () => ({ serverSupabase: () => builder() }));

const { eventWindow, readEvents, readImpactMetrics, readPrograms, readServices, rowLimit } =
  await import('./catalogue.server.ts');

const now = new Date('2026-11-21T09:00:00Z');
const program = {
  id: '1',
  title: 'IFRS Update',
  slug: 'ifrs-update',
  category: 'Finance',
  focus: 'Reporting',
  description: 'What changed',
  duration: '2 days',
  delivery_mode: 'in-person',
  price_amount: 1250,
  currency: 'USD',
};
const without = (...methods: string[]) => calls.filter(([method]) => !methods.includes(method));

beforeEach(() => {
  vi.restoreAllMocks();
  calls.length = 0;
  result = { data: [], error: null };
});

describe('eventWindow', () => {
  it('splits on the end time: upcoming until an event ends, past after, all unfiltered', () => {
    expect(eventWindow('upcoming', now)).toEqual({ endsAt: { op: 'gte', at: now.toISOString() }, ascending: true });
    expect(eventWindow('past', now)).toEqual({ endsAt: { op: 'lt', at: now.toISOString() }, ascending: false });
    expect(eventWindow('all', now)).toEqual({ endsAt: null, ascending: false });
  });
});

describe('rowLimit', () => {
  it('is a whole number from 1 to 100, 100 when unset', () => {
    expect(rowLimit(undefined)).toBe(100);
    expect(rowLimit(null)).toBe(100);
    expect(rowLimit(3)).toBe(3);
    expect(rowLimit(2.7)).toBe(2);
    expect(rowLimit(0)).toBe(1);
    expect(rowLimit(500)).toBe(100);
  });
});

describe('readEvents', () => {
  it('reads upcoming events from the public view, soonest first', async () => {
    await readEvents({ show: 'upcoming', limit: 3, now });
    expect(without('select', 'abortSignal')).toEqual([
      ['from', 'public_events'],
      ['gte', 'ends_at', '2026-11-21T09:00:00.000Z'],
      ['order', 'starts_at', { ascending: true }],
      ['order', 'id'],
      ['limit', 3],
    ]);
  });

  it('reads past events most recent first', async () => {
    await readEvents({ show: 'past', limit: 6, now });
    expect(without('select', 'abortSignal')).toEqual([
      ['from', 'public_events'],
      ['lt', 'ends_at', '2026-11-21T09:00:00.000Z'],
      ['order', 'starts_at', { ascending: false }],
      ['order', 'id'],
      ['limit', 6],
    ]);
  });

  it('reads all events without a date filter', async () => {
    await readEvents({ show: 'all', now });
    expect(calls.some(([method]) => method === 'gte' || method === 'lt')).toBe(false);
    expect(calls).toContainEqual(['limit', 100]);
  });

  it('gives up after a timeout and throws on an error result', async () => {
    result = { data: null, error: { message: 'permission denied for view public_events', code: '42501' } };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(readEvents({ show: 'upcoming', now })).rejects.toThrow('Could not read events');
    const signal = calls.find(([method]) => method === 'abortSignal')?.[1];
    expect(signal).toBeInstanceOf(AbortSignal);
  });
});

describe('readPrograms', () => {
  it('filters by category when the block names one, in sort order', async () => {
    result = { data: [program], error: null };
    const rows = await readPrograms({ category: ' Finance ', limit: 6 });
    expect(without('select', 'abortSignal')).toEqual([
      ['from', 'public_training_programs'],
      ['eq', 'category', 'Finance'],
      ['order', 'sort_order'],
      ['order', 'title'],
      ['limit', 6],
    ]);
    expect(rows).toEqual([program]);
  });

  it('reads every category when none is set', async () => {
    await readPrograms({});
    expect(calls.some(([method]) => method === 'eq')).toBe(false);
  });
});

describe('services and impact metrics', () => {
  it('reads published services and metrics in their sort order', async () => {
    await readServices();
    expect(calls[0]).toEqual(['from', 'public_services']);
    calls.length = 0;
    result = { data: [{ id: 'm', label: 'Trained', value: 12500, suffix: '+' }], error: null };
    const metrics = await readImpactMetrics();
    expect(calls[0]).toEqual(['from', 'impact_metrics']);
    expect(calls).toContainEqual(['eq', 'is_published', true]);
    expect(metrics[0]?.value).toBe(12500);
  });
});

describe('view rows without a required value', () => {
  it('are dropped and reported, nullable columns pass as null', async () => {
    const event = {
      id: 'e1',
      title: 'CFO Breakfast',
      description: 'Budget season',
      category: null,
      venue: 'Nairobi',
      mode: 'in-person',
      starts_at: '2026-12-01T06:00:00Z',
      ends_at: '2026-12-01T09:00:00Z',
      slug: 'cfo-breakfast',
      capacity: null,
      seats_left: null,
      price_amount: null,
      currency: null,
    };
    result = {
      data: [event, { ...event, id: 'e2', title: null }, { ...event, id: 'e3', starts_at: null }],
      error: null,
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await readEvents({ show: 'upcoming', now })).toEqual([event]);
    expect(logged.mock.calls.map(([line]) => line)).toEqual([
      '[catalogue: public_events] dropped a row without title',
      '[catalogue: public_events] dropped a row without starts_at',
    ]);
    logged.mockClear();
    result = { data: [{ id: 's1', title: 'HR Advisory', description: 'Pay', slug: null }], error: null };
    expect(await readServices()).toEqual([]);
    expect(logged).toHaveBeenCalledWith('[catalogue: public_services] dropped a row without slug');
  });
});
