/**
 * The staff's list reads with many rows (issue 33; migration 20261128170000, docs/large-data.md),
 * on a real PostgreSQL: a staff member's search of 20k subscribers reads a page through an index
 * (tens of rows), not the whole table, and its count is the planner's estimate above 1000 rows;
 * only staff may call the list functions. The rows read are PostgreSQL's own counters
 * (pg_stat_user_tables) for this session, flushed on demand, so nothing else moves them.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
let claims: string;

const subscribers = 20_000;
/** One subscriber in ten has "wanjiku" in the address: 2,000 matches, more than the 1000 counted exactly. */
const matching = subscribers / 10;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  const staffId = randomUUID();
  const sessionId = randomUUID();
  await db.query(`insert into auth.users (id, email) values ($1, 'lists@ascent.example')`, [staffId]);
  await db.query(`insert into public.staff (user_id, email) values ($1, 'lists@ascent.example')`, [staffId]);
  await db.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, staffId]);
  claims = JSON.stringify({ sub: staffId, role: 'authenticated', aal: 'aal2', session_id: sessionId });
  await db.query(
    `insert into public.newsletter_subscribers (email, source, created_at, requested_at)
     select case when n % 10 = 0 then 'wanjiku.' else 'reader.' end || n || '@example.co.ke', 'footer',
            timestamptz '2020-01-01' + interval '1 hour' * n, timestamptz '2020-01-01' + interval '1 hour' * n
       from generate_series(1, $1::int) n`,
    [subscribers],
  );
  await db.query('analyze public.newsletter_subscribers');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** Rows this session has read from the subscribers table so far (sequentially or through an index). */
async function rowsRead(): Promise<number> {
  // The session's counters reach the statistics when it goes idle after this statement...
  await db.query('select pg_stat_force_next_flush()');
  // ...and are read afresh, not from this session's cached snapshot.
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ read: string }>(
    `select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as read
       from pg_stat_user_tables where relid = 'public.newsletter_subscribers'::regclass`,
  );
  return Number(rows[0]!.read);
}

/** `sql` as the staff member (aal2, open session), as PostgREST runs a request; with the rows it read. */
async function asStaff<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = [], withClaims = true) {
  const before = await rowsRead();
  await db.query('begin');
  try {
    await db.query('set local role authenticated');
    if (withClaims) await db.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    const { rows } = await db.query<Row>(sql, values);
    await db.query('commit');
    return { rows, read: (await rowsRead()) - before };
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

describe('the staff subscribers list with 20k subscribers', () => {
  it('reads a searched page through an index: tens of rows, not the 20k', async () => {
    const page = await asStaff<{ email: string; created_at: Date }>(
      `select email, created_at from public.staff_subscribers_page(search => 'WANJIKU')`,
    );
    expect(page.rows).toHaveLength(25);
    expect(page.rows.every((row) => row.email.startsWith('wanjiku.'))).toBe(true);
    expect(page.rows[0]!.email).toBe(`wanjiku.${subscribers}@example.co.ke`);
    expect(page.read).toBeLessThan(1000);
  });

  it('counts the matches with the estimate above 1000, without reading the table', async () => {
    const counted = await asStaff<{ total: string }>(
      `select public.staff_subscribers_count(search => 'wanjiku') as total`,
    );
    const total = Number(counted.rows[0]!.total);
    expect(total).toBeGreaterThan(1000);
    expect(Math.abs(total - matching)).toBeLessThan(matching / 2);
    expect(counted.read).toBe(0);
  });

  it('counts exactly up to 1000 matches', async () => {
    const counted = await asStaff<{ total: string }>(
      `select public.staff_subscribers_count(search => 'wanjiku.19') as total`,
    );
    // wanjiku.190, .1900-.1990 and .19000-.19990 (every tenth number): 1 + 10 + 100 addresses.
    expect(Number(counted.rows[0]!.total)).toBe(111);
  });

  it('reads the last page from the other end as cheaply, in list order', async () => {
    const page = await asStaff<{ email: string }>(
      `select email from public.staff_subscribers_page(search => 'wanjiku', reversed => true, take => 5)`,
    );
    expect(page.rows.map((row) => row.email)).toEqual([10, 20, 30, 40, 50].map((n) => `wanjiku.${n}@example.co.ke`));
    expect(page.read).toBeLessThan(1000);
  });

  it('takes the search literally: % and _ match only themselves', async () => {
    const page = await asStaff<{ email: string }>(`select email from public.staff_subscribers_page(search => '%')`);
    expect(page.rows).toEqual([]);
  });

  it('is why the functions exist: the same search straight on the table under RLS reads every row', async () => {
    const page = await asStaff<{ email: string }>(
      `select email from public.newsletter_subscribers
        where email ilike '%wanjiku%' or source ilike '%wanjiku%'
        order by created_at desc, id limit 25`,
    );
    expect(page.rows).toHaveLength(25);
    expect(page.read).toBeGreaterThanOrEqual(subscribers);
  });

  it('refuses anyone but staff, and a sort it does not know, in words', async () => {
    await expect(asStaff('select * from public.staff_subscribers_page()', [], false)).rejects.toThrow(
      'Only staff members can read the subscribers. Sign in with a staff account.',
    );
    await expect(asStaff('select public.staff_orders_count()', [], false)).rejects.toThrow(
      'Only staff members can read the orders. Sign in with a staff account.',
    );
    await expect(asStaff(`select * from public.staff_orders_page(sort => 'customer_phone')`)).rejects.toThrow(
      'The orders cannot be sorted by customer_phone.',
    );
  });
});
