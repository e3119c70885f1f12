/**
 * The admin's reads that must not grow with ten years of data (issue 33), through the admin's own
 * modules with the browser client signed in as staff (aal2) and the real PostgREST: the
 * subscribers' CSV export reads keyset pages (never an offset, each page as cheap as the first)
 * and still returns every row once, in order, across runs of equal times; a list's last page is
 * read from the other end with the same rows; the list's sort and filter have an index.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { stackInfo } from './stack-info.ts';
import { passSecondFactor } from '../support/second-factor.ts';

// getBrowserSupabase() is for the browser: a window is all it looks for.
(globalThis as { window?: unknown }).window ??= globalThis;
// Every request the admin's client sends, to see how it pages (supabase-js calls the global fetch).
const requested: URL[] = [];
/** The rows each list page asked the staff function to skip (its JSON body's `skip`). */
const skipped: number[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  requested.push(url);
  if (url.pathname.endsWith('/rpc/staff_subscribers_page') && typeof init?.body === 'string') {
    skipped.push((JSON.parse(init.body) as { skip: number }).skip);
  }
  return realFetch(input, init);
};

// The admin's own modules, loaded by path: this project's TypeScript check (node resolution)
// leaves them to the website's (bundler resolution), so their shape is spelled out here.
interface Page {
  rows: { id: string }[];
  total: number;
}
interface SubscriberQuery {
  q: string;
  status: 'all';
  sort: 'created_at';
  dir: 'desc';
}
const webModule = (path: string): Promise<unknown> => import(new URL(`../../web/app/${path}`, import.meta.url).href);
const { configureBrowserSupabase } = (await webModule('lib/supabase/browser-env.ts')) as {
  configureBrowserSupabase(env: { supabaseUrl: string; supabaseAnonKey: string }): void;
};
const { getBrowserSupabase } = (await webModule('lib/supabase/browser-client.ts')) as {
  getBrowserSupabase(): Promise<SupabaseClient<Database>>;
};
const { listSubscribers } = (await webModule('features/admin-subscribers/api/list-subscribers.ts')) as {
  listSubscribers(input: SubscriberQuery & { page: number }): Promise<Page>;
};
const { subscriberExportPages, EXPORT_PAGE_SIZE } = (await webModule(
  'features/admin-subscribers/subscribers-data.ts',
)) as {
  subscriberExportPages(query: SubscriberQuery): AsyncIterable<{ id: string }[]>;
  EXPORT_PAGE_SIZE: number;
};

const tag = `big${randomBytes(4).toString('hex')}`;
const rowCount = 2 * EXPORT_PAGE_SIZE + 50;
let sql: pg.Client;

beforeAll(async () => {
  const stack = stackInfo();
  const service = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const email = `staff-${tag}@ascent.example`;
  const password = `Large-${randomUUID()}`;
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw new Error(`createUser: ${created.error.message}`);
  const staff = await service.from('staff').insert({ user_id: created.data.user.id, email });
  if (staff.error) throw new Error(`staff: ${staff.error.message}`);
  configureBrowserSupabase({ supabaseUrl: stack.apiUrl, supabaseAnonKey: stack.anonKey });
  const browser = await getBrowserSupabase();
  const signedIn = await browser.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(`signIn: ${signedIn.error.message}`);
  await passSecondFactor(browser);
  sql = new pg.Client({ connectionString: stack.databaseUrl });
  await sql.connect();
  // Runs of 7 subscribers signed up in the same instant: page boundaries fall inside them. The
  // first 990 came from a source of their own: a list under PostgREST's max rows (1000), which
  // an estimated count counts exactly, so its last page is known.
  await sql.query(
    `insert into public.newsletter_subscribers (email, source, created_at, requested_at)
     select 'reader' || n || '.' || $1 || '@example.co.ke', case when n <= 990 then 'lp' || $1 else 'footer' end, t, t
       from generate_series(1, $2::int) n,
            lateral (select timestamptz '2020-01-01' + interval '1 minute' * (n / 7)) as at(t)`,
    [tag, rowCount],
  );
});

afterAll(async () => {
  await sql?.query(`delete from public.newsletter_subscribers where email like $1`, [`%.${tag}@example.co.ke`]);
  await sql?.end();
});

/** The ids the database holds for the search, newest first (the export's order). */
async function expectedIds(): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `select id from public.newsletter_subscribers where email like $1 order by created_at desc, id desc`,
    [`%.${tag}@example.co.ke`],
  );
  return rows.map((row) => row.id);
}

describe('the subscribers list with many rows', () => {
  it('exports every matching subscriber once, newest first, in keyset pages (no offset)', async () => {
    requested.length = 0;
    const ids: string[] = [];
    for await (const page of subscriberExportPages({ q: tag, status: 'all', sort: 'created_at', dir: 'desc' })) {
      ids.push(...page.map((row) => row.id));
    }
    expect(ids).toHaveLength(rowCount);
    expect(ids).toEqual(await expectedIds());
    const reads = requested.filter((url) => url.pathname.endsWith('/newsletter_subscribers'));
    expect(reads).toHaveLength(Math.ceil(rowCount / EXPORT_PAGE_SIZE));
    for (const url of reads) {
      expect(url.searchParams.get('offset')).toBeNull();
      expect(url.searchParams.get('limit')).toBe(String(EXPORT_PAGE_SIZE));
    }
  });

  it('reads the last page from the other end: the same rows, no offset past the first pages', async () => {
    const query = { q: `lp${tag}`, status: 'all', sort: 'created_at', dir: 'desc' } as const;
    const first = await listSubscribers({ ...query, page: 1 });
    expect(first.total).toBe(990);
    const lastPage = Math.ceil(first.total / 25);
    skipped.length = 0;
    const last = await listSubscribers({ ...query, page: lastPage });
    // Newest first, id breaking ties: the oldest rows, in the list's order.
    const { rows } = await sql.query<{ id: string }>(
      `select id from public.newsletter_subscribers where source = $1 order by created_at desc, id asc`,
      [`lp${tag}`],
    );
    const expected = rows.map((row) => row.id).slice((lastPage - 1) * 25);
    expect(expected).toHaveLength(15);
    expect(last.rows.map((row) => row.id)).toEqual(expected);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toBeLessThan(25);
  });

  it('has an index for the sorted, filtered page (no scan of the whole table)', async () => {
    // This file's 2050 pending subscribers, counted by the planner.
    await sql.query('analyze public.newsletter_subscribers');
    await sql.query('begin');
    try {
      // Only what an index can give: no whole-table scan, no bitmap of every confirmed row.
      await sql.query('set local enable_seqscan = off');
      await sql.query('set local enable_bitmapscan = off');
      const { rows } = await sql.query<{ 'QUERY PLAN': string }>(
        `explain select id from public.newsletter_subscribers where status = 'pending'
          order by created_at desc, id asc limit 25`,
      );
      // An index-only scan once autovacuum has marked the table's pages all-visible (CI saw both).
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
        /Index (Only )?Scan( Backward)? using newsletter_subscribers_(status_)?created_at_id_idx/,
      );
    } finally {
      await sql.query('rollback');
    }
  });
});
