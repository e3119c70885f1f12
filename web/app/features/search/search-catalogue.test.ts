/** The three reads, against a recording stand-in for supabase-js's query builder. */
import { describe, expect, it, vi } from 'vitest';
import type { DatabaseClient } from '../../lib/supabase/database';
import { ilikeAnyFilter } from '../../lib/supabase/ilike-filter';
import { RESULTS_PER_GROUP, searchCatalogue } from './search-catalogue';

interface Call {
  view: string;
  select?: string;
  count?: string;
  or?: string;
  order?: string;
  limit?: number;
  retry?: boolean;
  signal?: AbortSignal;
}

type Reply = { data: unknown; error: null; count?: number } | { data: null; error: { message: string } };

/** A client whose reads are answered by hand, so the test decides timing and outcome. */
function fakeClient(answer: (call: Call) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  const started: string[] = [];
  const client = {
    from(view: string) {
      const call: Call = { view };
      calls.push(call);
      const builder = {
        select: (columns: string, options?: { count?: string }) => (
          (call.select = columns),
          (call.count = options?.count),
          builder
        ),
        or: (filter: string) => ((call.or = filter), builder),
        order: (column: string) => ((call.order = column), builder),
        limit: (count: number) => ((call.limit = count), builder),
        retry: (enabled: boolean) => ((call.retry = enabled), builder),
        abortSignal: (signal: AbortSignal) => ((call.signal = signal), builder),
        then<T>(resolve: (reply: Reply) => T, reject: (error: unknown) => T) {
          started.push(view);
          return Promise.resolve(answer(call)).then(resolve, reject);
        },
      };
      return builder;
    },
  };
  return { client: client as unknown as DatabaseClient, calls, started };
}

const rows: Record<string, unknown[]> = {
  public_events: [{ id: 'e1', title: 'Forum', description: 'Leaders meet' }],
  public_training_programs: [{ id: 'p1', title: 'Leading teams', category: 'Leadership', focus: 'Teams' }],
  public_services: [{ id: 's1', title: 'Strategic Leadership', description: 'Boards', slug: 'strategic-leadership' }],
};

describe('searchCatalogue', () => {
  it('reads the three public views with exactly the specified columns and match columns', async () => {
    const { client, calls } = fakeClient((call) => ({ data: rows[call.view], error: null }));
    const results = await searchCatalogue(client, 'lead');
    expect(calls.map(({ view, select, or }) => ({ view, select, or }))).toEqual([
      { view: 'public_events', select: 'id, title, description', or: ilikeAnyFilter(['title', 'description'], 'lead') },
      {
        view: 'public_training_programs',
        select: 'id, title, category, focus',
        or: ilikeAnyFilter(['title', 'category', 'focus'], 'lead'),
      },
      {
        view: 'public_services',
        select: 'id, title, description, slug',
        or: ilikeAnyFilter(['title', 'description'], 'lead'),
      },
    ]);
    expect(calls.every((call) => call.order === 'title' && call.limit === RESULTS_PER_GROUP)).toBe(true);
    // Each read asks how many rows matched in all, not only the ones it returns.
    expect(calls.every((call) => call.count === 'exact')).toBe(true);
    // postgrest-js would retry a network error for 7 s; the dialog reports it at once instead.
    expect(calls.every((call) => call.retry === false)).toBe(true);
    expect(results).toEqual({
      events: { rows: rows.public_events, total: 1 },
      programs: { rows: rows.public_training_programs, total: 1 },
      services: { rows: rows.public_services, total: 1 },
    });
  });

  it('reports how many rows matched when the limit cut a group', async () => {
    const { client } = fakeClient((call) => ({
      data: rows[call.view],
      error: null,
      count: call.view === 'public_training_programs' ? 25 : 1,
    }));
    const results = await searchCatalogue(client, 'e');
    expect(results.programs).toEqual({ rows: rows.public_training_programs, total: 25 });
    expect(results.events.total).toBe(1);
  });

  it('issues the three reads together, before any answers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { client, started } = fakeClient(async (call) => {
      await gate;
      return { data: rows[call.view], error: null };
    });
    const search = searchCatalogue(client, 'lead');
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toHaveLength(3);
    release();
    await search;
  });

  it('fails as a whole when any one read fails', async () => {
    for (const failing of Object.keys(rows)) {
      const { client } = fakeClient((call) =>
        call.view === failing ? { data: null, error: { message: 'boom' } } : { data: rows[call.view], error: null },
      );
      await expect(searchCatalogue(client, 'lead')).rejects.toThrow(`${failing}: boom`);
    }
    const { client } = fakeClient((call) =>
      call.view === 'public_services' ? Promise.reject(new TypeError('Failed to fetch')) : { data: [], error: null },
    );
    await expect(searchCatalogue(client, 'lead')).rejects.toThrow('Failed to fetch');
  });

  it('makes no call for blank text', async () => {
    const { client, calls } = fakeClient(() => ({ data: [], error: null }));
    const none = { rows: [], total: 0 };
    expect(await searchCatalogue(client, ' \t ')).toEqual({ events: none, programs: none, services: none });
    expect(calls).toEqual([]);
  });

  it('passes awkward text through the quoting filter builder', async () => {
    const text = `, ( ) % _ * " ' \\`;
    const { client, calls } = fakeClient(() => ({ data: [], error: null }));
    await searchCatalogue(client, text);
    expect(calls[0]?.or).toBe(ilikeAnyFilter(['title', 'description'], text));
  });

  it("cancels every read when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const { client, calls } = fakeClient(
      (call) =>
        new Promise<Reply>((_, reject) =>
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const search = searchCatalogue(client, 'x', controller.signal);
    await Promise.resolve();
    controller.abort();
    await expect(search).rejects.toThrow('aborted');
    expect(calls.map((call) => call.signal?.aborted)).toEqual([true, true, true]);
  });

  it('cancels the other reads once one fails', async () => {
    const { client, calls } = fakeClient((call) =>
      call.view === 'public_events' ? { data: null, error: { message: 'boom' } } : new Promise<Reply>(() => {}),
    );
    await expect(searchCatalogue(client, 'x')).rejects.toThrow('boom');
    expect(calls.map((call) => call.signal?.aborted)).toEqual([true, true, true]);
  });

  it('drops and reports a row whose shown column holds no value, keeping the others', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const service = { id: 's1', title: 'HR Advisory', description: 'Pay', slug: 'hr-advisory' };
    const { client } = fakeClient((call) =>
      call.view === 'public_services'
        ? { data: [service, { ...service, id: 's2', slug: null }], error: null }
        : { data: [], error: null },
    );
    expect(await searchCatalogue(client, 'x')).toEqual({
      events: { rows: [], total: 0 },
      programs: { rows: [], total: 0 },
      services: { rows: [service], total: 1 },
    });
    expect(logged).toHaveBeenCalledExactlyOnceWith('[search: public_services] dropped a row without slug');
    logged.mockRestore();
  });
});
