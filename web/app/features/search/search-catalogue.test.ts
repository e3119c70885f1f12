/** The three reads, through a real supabase-js client whose requests a recording fetch answers. */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../lib/supabase/database';
import { ilikeAnyFilter } from '../../lib/supabase/ilike-filter';
import { RESULTS_PER_GROUP, searchCatalogue } from './search-catalogue';

/** One request as PostgREST receives it. */
interface Call {
  view: string;
  select: string | null;
  count: string | undefined;
  or: string | undefined;
  order: string | null;
  limit: number;
  signal: AbortSignal | null | undefined;
}

type Reply =
  | { data: unknown; error: null; count?: number }
  | { data: null; error: { message: string }; status?: number; retryAfter?: string };

function call(url: URL, init: RequestInit | undefined): Call {
  const prefer = new Headers(init?.headers).get('Prefer') ?? '';
  return {
    view: url.pathname.split('/').at(-1) ?? '',
    select: url.searchParams.get('select'),
    count: /count=(\w+)/.exec(prefer)?.[1],
    // PostgREST's or=(a,b): the filter inside the parentheses.
    or: url.searchParams.get('or')?.slice(1, -1),
    order: url.searchParams.get('order'),
    limit: Number(url.searchParams.get('limit')),
    signal: init?.signal,
  };
}

function response(reply: Reply): Response {
  if (reply.error) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (reply.retryAfter !== undefined) headers['Retry-After'] = reply.retryAfter;
    return new Response(JSON.stringify(reply.error), { status: reply.status ?? 400, headers });
  }
  const rows = Array.isArray(reply.data) ? reply.data : [];
  const range = rows.length === 0 ? '*' : `0-${rows.length - 1}`;
  return new Response(JSON.stringify(reply.data), {
    headers: { 'Content-Type': 'application/json', 'Content-Range': `${range}/${reply.count ?? rows.length}` },
  });
}

/** A client whose reads are answered by hand, so the test decides timing and outcome. */
function fakeClient(answer: (call: Call) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  const started: string[] = [];
  const recordingFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = call(new URL(input instanceof Request ? input.url : input), init);
    calls.push(request);
    started.push(request.view);
    return response(await answer(request));
  };
  const client = createClient<Database>('http://127.0.0.1:9', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: recordingFetch },
  });
  return { client, calls, started };
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
      { view: 'public_events', select: 'id,title,description', or: ilikeAnyFilter(['title', 'description'], 'lead') },
      {
        view: 'public_training_programs',
        select: 'id,title,category,focus',
        or: ilikeAnyFilter(['title', 'category', 'focus'], 'lead'),
      },
      {
        view: 'public_services',
        select: 'id,title,description,slug',
        or: ilikeAnyFilter(['title', 'description'], 'lead'),
      },
    ]);
    expect(calls.every((call) => call.order === 'title.asc' && call.limit === RESULTS_PER_GROUP)).toBe(true);
    // Each read asks how many rows matched in all, not only the ones it returns.
    expect(calls.every((call) => call.count === 'exact')).toBe(true);
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
    // All three are sent while none has its answer (the gate holds them all).
    await vi.waitFor(() => expect(started).toHaveLength(3));
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

  it('tries each read once: postgrest-js would retry for 7 s, the dialog reports the failure at once', async () => {
    // A 503 with Retry-After: 0 is what postgrest-js retries at once when retries are on.
    const { client, calls } = fakeClient(() => ({
      data: null,
      error: { message: 'schema cache loading' },
      status: 503,
      retryAfter: '0',
    }));
    await expect(searchCatalogue(client, 'lead')).rejects.toThrow('schema cache loading');
    expect(calls.map((call) => call.view).sort()).toEqual([
      'public_events',
      'public_services',
      'public_training_programs',
    ]);
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
    await vi.waitFor(() => expect(calls).toHaveLength(3));
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
