/**
 * The dashboard on a real PostgreSQL: only confirmed sign-ups count as new subscribers (this
 * month and in the weekly series), pending and unsubscribed addresses do not (issue 13); this
 * month's seats are those of this month's orders that are not cancelled (issue 33 reads them by
 * the lines' date).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
let staffId: string;
/** An open session that passed the second factor: staff rights need both (aal2). */
let sessionId: string;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  staffId = randomUUID();
  await db.query(`insert into auth.users (id, email) values ($1, 'dash@ascent.example')`, [staffId]);
  await db.query(`insert into public.staff (user_id, email) values ($1, 'dash@ascent.example')`, [staffId]);
  sessionId = randomUUID();
  await db.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, staffId]);
});

afterAll(async () => {
  await database?.close();
});

interface Dashboard {
  seats_this_month: number;
  subscribers_this_month: number;
  weeks: { week_start: string; subscribers: number }[];
}

/** admin_dashboard() as the staff member (claims set for this transaction only). */
async function dashboard(): Promise<Dashboard> {
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: staffId, role: 'authenticated', aal: 'aal2', session_id: sessionId }),
    ]);
    const { rows } = await db.query<{ admin_dashboard: Dashboard }>('select public.admin_dashboard()');
    return rows[0]!.admin_dashboard;
  } finally {
    await db.query('rollback');
  }
}

const thisWeek = (d: Dashboard) => d.weeks.at(-1)!.subscribers;

describe('admin_dashboard: new subscribers', () => {
  it('counts an address once confirmed, never while pending or after unsubscribing', async () => {
    const before = await dashboard();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.newsletter_subscribers (email, source) values ($1, 'footer') returning id`,
      [`pending-${randomUUID()}@example.com`],
    );
    const pending = await dashboard();
    expect(pending.subscribers_this_month).toBe(before.subscribers_this_month);
    expect(thisWeek(pending)).toBe(thisWeek(before));

    await db.query(
      `update public.newsletter_subscribers set status = 'confirmed', confirmed_at = now(), consented_at = now(),
         consent_text = 'I agree.' where id = $1`,
      [rows[0]!.id],
    );
    const confirmed = await dashboard();
    expect(confirmed.subscribers_this_month).toBe(before.subscribers_this_month + 1);
    expect(thisWeek(confirmed)).toBe(thisWeek(before) + 1);

    await db.query(
      `update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where id = $1`,
      [rows[0]!.id],
    );
    const unsubscribed = await dashboard();
    expect(unsubscribed.subscribers_this_month).toBe(before.subscribers_this_month);
    expect(thisWeek(unsubscribed)).toBe(thisWeek(before));
  });
});

describe('admin_dashboard: seats this month', () => {
  let programId = '';
  let serial = 0;
  beforeAll(async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
       values ('Dashboard seats', 'dashboard-seats', 'Leadership', 'Managers', 'A program.', '1 day', 100, 'USD', true) returning id`,
    );
    programId = rows[0]!.id;
  });

  /** An order of `seats` seats, written at `at` with its line (as create_order writes both in one transaction). */
  async function order(seats: number, at: string): Promise<string> {
    serial += 1;
    await db.query('begin');
    try {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
           payment_method, reference, request_hash, terms_accepted_at, currency, created_at)
         values ('client', $1, 'buyer@example.com', 'Achieng Otieno', $2, 'invoice', $3, 'hash', now(), 'USD', ${at})
         returning id`,
        [String(serial).padEnd(43, 'd'), randomUUID(), `ASC-2026-${String(900000 + serial)}`],
      );
      await db.query(
        `insert into public.order_items (order_id, program_id, title, unit_price, currency, quantity, position, created_at)
         select $1, p.id, p.title, p.price_amount, p.currency, $2, 1, o.created_at
           from public.training_programs p, public.orders o where p.id = $3 and o.id = $1`,
        [rows[0]!.id, seats, programId],
      );
      await db.query('commit');
      return rows[0]!.id;
    } catch (error) {
      await db.query('rollback');
      throw error;
    }
  }

  it("counts this month's seats, not a cancelled order's nor last month's", async () => {
    const before = await dashboard();
    await order(3, 'now()');
    expect((await dashboard()).seats_this_month).toBe(before.seats_this_month + 3);
    const cancelled = await order(2, 'now()');
    expect((await dashboard()).seats_this_month).toBe(before.seats_this_month + 5);
    await db.query(`update public.orders set status = 'cancelled' where id = $1`, [cancelled]);
    expect((await dashboard()).seats_this_month).toBe(before.seats_this_month + 3);
    await order(4, `date_trunc('month', now(), 'Africa/Nairobi') - interval '1 second'`);
    expect((await dashboard()).seats_this_month).toBe(before.seats_this_month + 3);
  });
});
