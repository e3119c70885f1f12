/**
 * The dashboard read from one row per Nairobi day (migration 20261129100000, issue 33) answers
 * exactly what counting the orders, lines and subscribers themselves answers, after every kind of
 * write the days must follow: new orders on many days, payments, cancellations, a line's seats
 * changed or removed, an order deleted, sign-ups confirmed, unsubscribed and deleted, and writes
 * made after a dashboard was read. And a checkout never waits on another one's open transaction.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
let staffId: string;
let sessionId: string;
let programId: string;
let serial = 0;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  staffId = randomUUID();
  await db.query(`insert into auth.users (id, email) values ($1, 'days@ascent.example')`, [staffId]);
  await db.query(`insert into public.staff (user_id, email) values ($1, 'days@ascent.example')`, [staffId]);
  sessionId = randomUUID();
  await db.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, staffId]);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
     values ('Dashboard days', 'dashboard-days', 'Leadership', 'Managers', 'A program.', '1 day', 100, 'USD', true) returning id`,
  );
  programId = rows[0]!.id;
});

afterAll(async () => {
  await database?.close();
});

type Figures = Record<string, unknown>;

/** admin_dashboard() as the staff member, its counted parts only. */
async function dashboard(): Promise<Figures> {
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: staffId, role: 'authenticated', aal: 'aal2', session_id: sessionId }),
    ]);
    const { rows } = await db.query<{ d: Figures }>(
      `select jsonb_build_object('orders_this_month', d -> 'orders_this_month', 'seats_this_month', d -> 'seats_this_month',
              'subscribers_this_month', d -> 'subscribers_this_month', 'weeks', d -> 'weeks') as d
         from public.admin_dashboard() d`,
    );
    await db.query('commit');
    return rows[0]!.d;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

/** The same figures counted from the rows, as admin_dashboard did before the days (20261128230100). */
async function counted(): Promise<Figures> {
  const { rows } = await db.query<{ d: Figures }>(`
    with bounds as (select date_trunc('month', now(), 'Africa/Nairobi') as month_start,
                           date_trunc('week', now(), 'Africa/Nairobi') - interval '11 weeks' as week_start)
    select jsonb_build_object(
      'orders_this_month', (
        select jsonb_build_object(
          'count', count(*),
          'booked_usd', coalesce(sum(o.total_usd), 0), 'booked_kes', coalesce(sum(o.total_kes), 0),
          'paid_usd', coalesce(sum(o.total_usd) filter (where o.status = 'paid'), 0),
          'paid_kes', coalesce(sum(o.total_kes) filter (where o.status = 'paid'), 0),
          'pending', count(*) filter (where o.status in ('pending', 'confirmed')))
          from public.orders o, bounds b where o.created_at >= b.month_start and o.status <> 'cancelled'),
      'seats_this_month', (
        select coalesce(sum(i.quantity), 0) from public.order_items i join public.orders o on o.id = i.order_id, bounds b
         where o.created_at >= b.month_start and o.status <> 'cancelled'),
      'subscribers_this_month', (
        select count(*) from public.newsletter_subscribers s, bounds b
         where s.status = 'confirmed' and s.confirmed_at >= b.month_start),
      'weeks', (
        select jsonb_agg(jsonb_build_object(
                 'week_start', to_char(w.start at time zone 'Africa/Nairobi', 'YYYY-MM-DD'),
                 'orders', (select count(*) from public.orders o
                             where o.created_at >= w.start and o.created_at < w.start + interval '1 week'),
                 'subscribers', (select count(*) from public.newsletter_subscribers s
                                  where s.status = 'confirmed'
                                    and s.confirmed_at >= w.start and s.confirmed_at < w.start + interval '1 week'))
               order by w.start)
          from bounds b, generate_series(b.week_start, b.week_start + interval '11 weeks', interval '1 week') as w(start))
    ) as d`);
  return rows[0]!.d;
}

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An order written at `at` (an SQL timestamptz expression) with one line, in one transaction as create_order does. */
async function order(client: pg.Client, seats: number, at: string, totalUsd: number): Promise<string> {
  serial += 1;
  await client.query('begin');
  try {
    const { rows } = await client.query<{ id: string }>(
      `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
         payment_method, reference, request_hash, terms_accepted_at, currency, created_at, total_usd, total_kes)
       values ('client', $1, 'buyer@example.com', 'Wanjiru Kamau', $2, 'invoice', $3, 'hash', now(), 'USD', ${at}, $4, $4 * 129.16)
       returning id`,
      [String(serial).padEnd(43, 'q'), randomUUID(), `ASC-2026-${String(800000 + serial)}`, totalUsd],
    );
    await client.query(
      `insert into public.order_items (order_id, program_id, title, unit_price, currency, quantity, position, created_at)
       select $1, p.id, p.title, p.price_amount, p.currency, $2, 1, o.created_at
         from public.training_programs p, public.orders o where p.id = $3 and o.id = $1`,
      [rows[0]!.id, seats, programId],
    );
    await client.query('commit');
    return rows[0]!.id;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Around now and the month's and weeks' edges, at Nairobi midnights ± a second. */
const moments = [
  'now()',
  `date_trunc('month', now(), 'Africa/Nairobi')`,
  `date_trunc('month', now(), 'Africa/Nairobi') - interval '1 second'`,
  `date_trunc('week', now(), 'Africa/Nairobi') - interval '11 weeks'`,
  `date_trunc('week', now(), 'Africa/Nairobi') - interval '11 weeks 1 second'`,
  `now() - interval '3 days'`,
  `now() - interval '40 days'`,
  `now() - interval '13 weeks'`,
];

describe('admin_dashboard from the days', () => {
  it('answers what counting the rows answers, after every kind of write', async () => {
    const next = random(33);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    expect(await dashboard()).toEqual(await counted());

    const orders: string[] = [];
    const moved = new Set<string>();
    for (let round = 0; round < 4; round += 1) {
      for (let k = 0; k < 6; k += 1) {
        orders.push(await order(db, 1 + Math.floor(next() * 5), pick(moments), 50 + Math.floor(next() * 900)));
      }
      // Each order moves once, along the ways the orders' rules allow (pending → confirmed → paid, cancelled or expired).
      const moving = orders.filter((id) => !moved.has(id) && next() < 0.4);
      for (const id of moving) {
        moved.add(id);
        const path = pick([['confirmed'], ['confirmed', 'paid'], ['cancelled'], ['expired']]);
        for (const status of path) {
          await db.query(
            `update public.orders set status = $2::text,
               payment_reference = case when $2 = 'paid' then 'BANK-' || reference else payment_reference end,
               payment_reference_method = case when $2 = 'paid' then 'bank' else payment_reference_method end,
               payment_recorded_at = case when $2 = 'paid' then now() else payment_recorded_at end
             where id = $1`,
            [id, status],
          );
        }
      }
      await db.query(`update public.order_items set quantity = quantity + 2 where order_id = $1`, [pick(orders)]);
      if (round % 2 === 1) {
        const gone = orders.splice(Math.floor(next() * orders.length), 1)[0]!;
        await db.query(`delete from public.order_items where order_id = $1`, [pick(orders)]);
        await db.query(`delete from public.orders where id = $1`, [gone]);
      }
      const { rows } = await db.query<{ id: string }>(
        `insert into public.newsletter_subscribers (email, source, status, confirmed_at, consented_at, consent_text)
         values ($1, 'footer', 'confirmed', ${pick(moments)}, now(), 'I agree.'),
                ($2, 'footer', 'confirmed', ${pick(moments)}, now(), 'I agree.')
         returning id`,
        [`days-${round}-a-${randomUUID()}@example.com`, `days-${round}-b-${randomUUID()}@example.com`],
      );
      await db.query(
        `update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where id = $1`,
        [rows[0]!.id],
      );
      if (round === 3) await db.query(`delete from public.newsletter_subscribers where id = $1`, [rows[1]!.id]);
      // Read between rounds: the next round's writes must reach days already computed.
      expect(await dashboard()).toEqual(await counted());
    }
    const last = await dashboard();
    expect((last.weeks as unknown[]).length).toBe(12);
    expect((last.orders_this_month as { count: number }).count).toBeGreaterThan(0);
  });

  it('follows each kind of write on its own, read after the days were computed', async () => {
    const at = `date_trunc('month', now(), 'Africa/Nairobi') + interval '1 hour'`;
    const [kept, cancelled, emptied] = [
      await order(db, 2, at, 120),
      await order(db, 3, at, 130),
      await order(db, 4, at, 140),
    ];
    const { rows } = await db.query<{ id: string }>(
      `insert into public.newsletter_subscribers (email, source, status, confirmed_at, consented_at, consent_text)
       values ($1, 'footer', 'confirmed', ${at}, now(), 'I agree.'), ($2, 'footer', 'confirmed', ${at}, now(), 'I agree.')
       returning id`,
      [`single-a-${randomUUID()}@example.com`, `single-b-${randomUUID()}@example.com`],
    );
    const writes = [
      [`update public.order_items set quantity = 7 where order_id = $1`, kept],
      [`update public.orders set status = 'cancelled' where id = $1`, cancelled],
      [`delete from public.order_items where order_id = $1`, emptied],
      [`delete from public.orders where id = $1`, kept],
      [
        `update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where id = $1`,
        rows[0]!.id,
      ],
      [`delete from public.newsletter_subscribers where id = $1`, rows[1]!.id],
    ] as const;
    expect(await dashboard()).toEqual(await counted());
    for (const [sql, id] of writes) {
      const before = await dashboard();
      await db.query(sql, [id]);
      const after = await dashboard();
      expect(after, sql).toEqual(await counted());
      expect(after, sql).not.toEqual(before);
    }
  });

  it('lets a checkout through while another checkout of the same day is still open', async () => {
    const other = new pg.Client({ connectionString: database.database.databaseUrl });
    await other.connect();
    try {
      await db.query('begin');
      await db.query(
        `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
           payment_method, reference, request_hash, terms_accepted_at, currency)
         values ('client', $1, 'open@example.com', 'Otieno Odhiambo', $2, 'invoice', 'ASC-2026-799999', 'hash', now(), 'USD')`,
        ['open'.padEnd(43, 'o'), randomUUID()],
      );
      // Waiting on the open transaction would fail here instead of passing late.
      await other.query(`set lock_timeout = '3s'`);
      await expect(order(other, 2, 'now()', 100)).resolves.toMatch(/-/);
      await db.query('rollback');
      expect(await dashboard()).toEqual(await counted());
    } finally {
      await other.end();
    }
  });
});
