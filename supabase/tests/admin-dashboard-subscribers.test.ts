/**
 * The dashboard's "new subscribers" on a real PostgreSQL: only confirmed sign-ups count (this
 * month and in the weekly series); pending and unsubscribed addresses do not (issue 13).
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
