/** The search's one call, through a real supabase-js client whose requests a recording fetch answers. */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../lib/supabase/database';
import { RESULTS_PER_GROUP, searchCatalogue } from './search-catalogue';

/** One request as PostgREST receives it. */
interface Call {
  path: string;
  method: string | undefined;
  body: unknown;
  signal: AbortSignal | null | undefined;
}

type Reply = { data: unknown } | { error: { message: string }; status?: number; retryAfter?: string };

function response(reply: Reply): Response {
  if ('error' in reply) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (reply.retryAfter !== undefined) headers['Retry-After'] = reply.retryAfter;
    return new Response(JSON.stringify(reply.error), { status: reply.status ?? 400, headers });
  }
  return new Response(JSON.stringify(reply.data), { headers: { 'Content-Type': 'application/json' } });
}

/** A client whose calls are answered by hand, so the test decides timing and outcome. */
function fakeClient(answer: (call: Call) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  const recordingFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const request = {
      path: url.pathname,
      method: init?.method,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      signal: init?.signal,
    };
    calls.push(request);
    return response(await answer(request));
  };
  const client = createClient<Database>('http://127.0.0.1:9', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: recordingFetch },
  });
  return { client, calls };
}

const answer = {
  events: { rows: [{ id: 'e1', title: 'Forum', description: 'Leaders meet' }], total: 1 },
  programs: { rows: [{ id: 'p1', title: 'Leading teams', category: 'Leadership', focus: 'Teams' }], total: 25 },
  services: {
    rows: [{ id: 's1', title: 'Strategic Leadership', description: 'Boards', slug: 'strategic-leadership' }],
    total: 1,
  },
};

describe('searchCatalogue', () => {
  it('asks search_catalogue once for the text and the dialog’s rows per group, and returns its groups and totals', async () => {
    const { client, calls } = fakeClient(() => ({ data: answer }));
    expect(await searchCatalogue(client, 'lead')).toEqual(answer);
    expect(calls.map(({ path, method, body }) => ({ path, method, body }))).toEqual([
      { path: '/rest/v1/rpc/search_catalogue', method: 'POST', body: { query: 'lead', per_group: RESULTS_PER_GROUP } },
    ]);
  });

  it('passes awkward text as it is: the database makes it literal', async () => {
    const text = `, ( ) % _ * " ' \\`;
    const { client, calls } = fakeClient(() => ({ data: answer }));
    await searchCatalogue(client, text);
    expect(calls[0]?.body).toEqual({ query: text, per_group: RESULTS_PER_GROUP });
  });

  it('makes no call for blank text', async () => {
    const { client, calls } = fakeClient(() => ({ data: answer }));
    const none = { rows: [], total: 0 };
    expect(await searchCatalogue(client, ' \t ')).toEqual({ events: none, programs: none, services: none });
    expect(calls).toEqual([]);
  });

  it('fails with the database’s words, or the network’s', async () => {
    const refused = fakeClient(() => ({ error: { message: 'Search for at most 200 characters.' } }));
    await expect(searchCatalogue(refused.client, 'x')).rejects.toThrow('search: Search for at most 200 characters.');
    const offline = fakeClient(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(searchCatalogue(offline.client, 'x')).rejects.toThrow('Failed to fetch');
  });

  it('tries once: postgrest-js would retry for 7 s, the dialog reports the failure at once', async () => {
    // A 503 with Retry-After: 0 is what postgrest-js retries at once when retries are on.
    const { client, calls } = fakeClient(() => ({
      error: { message: 'schema cache loading' },
      status: 503,
      retryAfter: '0',
    }));
    await expect(searchCatalogue(client, 'lead')).rejects.toThrow('schema cache loading');
    expect(calls).toHaveLength(1);
  });

  it("cancels the call when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const { client, calls } = fakeClient(
      (call) =>
        new Promise<Reply>((_, reject) =>
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const search = searchCatalogue(client, 'x', controller.signal);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    await expect(search).rejects.toThrow('aborted');
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it('drops and reports a row whose shown text is missing, keeping the others and the total', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const service = answer.services.rows[0]!;
    const { client } = fakeClient(() => ({
      data: { ...answer, services: { rows: [service, { ...service, id: 's2', slug: null }], total: 2 } },
    }));
    expect((await searchCatalogue(client, 'x')).services).toEqual({ rows: [service], total: 2 });
    expect(logged).toHaveBeenCalledExactlyOnceWith('[search: services] dropped a row without slug');
    logged.mockRestore();
  });

  it('refuses an answer of another shape rather than showing part of it', async () => {
    for (const data of [
      null,
      [],
      { events: answer.events, programs: answer.programs },
      { ...answer, events: { rows: 'x', total: 1 } },
    ]) {
      const { client } = fakeClient(() => ({ data }));
      await expect(searchCatalogue(client, 'x')).rejects.toThrow(/^search: the answer/);
    }
  });
});
