/**
 * Names from the account (issue 30, item 4; migration 20261129360000) on a real PostgreSQL:
 * public.my_order_participants_link gives the participants page's token to the signed-in owner
 * of a names-later order (an accepted quote's) while a seat is unnamed and names are open, and
 * null to another customer, once every seat is named, after the cut-off, or for a cancelled
 * order; anonymous visitors may not call it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;

interface Account {
  email: string;
  userId: string;
  sessionId: string;
}

const finance = { user: randomUUID(), session: randomUUID() };
let buyer: Account;
let other: Account;

async function account(label: string): Promise<Account> {
  const email = `${label}-${randomUUID().slice(0, 6)}@tana.example`;
  const userId = randomUUID();
  const sessionId = randomUUID();
  await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [userId, email]);
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
  return { email, userId, sessionId };
}

type Caller = Account | 'finance' | 'anon';

/** One statement as PostgREST would run it for the caller, committed. */
async function as<Row extends pg.QueryResultRow>(caller: Caller, sql: string, values: unknown[] = []) {
  const claims =
    caller === 'anon'
      ? { role: 'anon' }
      : caller === 'finance'
        ? { sub: finance.user, role: 'authenticated', aal: 'aal2', session_id: finance.session }
        : { sub: caller.userId, role: 'authenticated', aal: 'aal1', session_id: caller.sessionId, email: caller.email };
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await db.query(`select set_config('request.headers', '{"x-forwarded-for":"203.0.113.30"}', true)`);
    await db.query(`set local role ${caller === 'anon' ? 'anon' : 'authenticated'}`);
    const { rows } = await db.query<Row>(sql, values);
    await db.query('commit');
    return rows;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

async function linkFor(caller: Caller, orderId: string): Promise<string | null> {
  const rows = await as<{ token: string | null }>(caller, 'select public.my_order_participants_link($1) as token', [
    orderId,
  ]);
  return rows[0]!.token;
}

/** A quote of `seats` seats on a new intake starting in `startsIn` days, sent to `contact` and accepted. */
async function acceptedQuote(contact: string, seats: number, startsIn = 30) {
  const slug = `names-${randomUUID().slice(0, 8)}`;
  const program = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
     values ($1, $1, 'Leadership', 'Managers', 'A program.', '5 days', 1000, 'USD', true) returning id`,
    [slug],
  );
  const programId = program.rows[0]!.id;
  const intake = await db.query<{ id: string }>(
    `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity, is_published)
     values ($1, private.nairobi_today() + $2::integer, private.nairobi_today() + $2::integer + 2, 'Nairobi', 20, true)
     returning id`,
    [programId, startsIn],
  );
  const intakeId = intake.rows[0]!.id;
  const validUntil = await db.query<{ day: string }>(`select (private.nairobi_today() + 14)::text as day`);
  const created = await as<{ id: string }>(
    'finance',
    `select public.create_quote('Tana Water', 'Achieng Otieno', $1, 'USD', $2::date, $3::jsonb) as id`,
    [contact, validUntil.rows[0]!.day, JSON.stringify([{ program_id: programId, intake_id: intakeId, seats }])],
  );
  const quoteId = created[0]!.id;
  await as('finance', 'select public.send_quote($1)', [quoteId]);
  const { rows } = await db.query<{ token: string }>('select token from public.quotes where id = $1', [quoteId]);
  const token = rows[0]!.token;
  await as('anon', `select * from public.accept_quote($1, 'LPO-1')`, [token]);
  const order = await db.query<{ order_id: string }>('select order_id from public.quotes where id = $1', [quoteId]);
  return { token, orderId: order.rows[0]!.order_id, intakeId };
}

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  await db.query(`insert into auth.users (id, email) values ($1, 'finance-names@ascent.example')`, [finance.user]);
  await db.query(
    `insert into public.staff (user_id, email, roles) values ($1, 'finance-names@ascent.example', array['finance'])`,
    [finance.user],
  );
  await db.query(`insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal2')`, [
    finance.session,
    finance.user,
  ]);
  buyer = await account('buyer');
  other = await account('other');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('my_order_participants_link', () => {
  it('gives the owner the participants token while a seat is unnamed, and no one else anything', async () => {
    // The quote's contact address in capitals: the order is still the account's (case-insensitive).
    const quote = await acceptedQuote(buyer.email.toUpperCase(), 2);
    expect(await linkFor(buyer, quote.orderId)).toBe(quote.token);
    expect(await linkFor(other, quote.orderId)).toBeNull();
    // A session that is closed is nobody's.
    expect(await linkFor({ ...buyer, sessionId: randomUUID() }, quote.orderId)).toBeNull();
    const anon = await as('anon', 'select public.my_order_participants_link($1)', [quote.orderId]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(anon).toMatchObject({ code: '42501' });

    // One seat named: still one unnamed, still the link. Both named: none.
    await as('anon', 'select public.name_quote_participants($1, $2::jsonb)', [
      quote.token,
      JSON.stringify([[{ name: 'Wanjiru Kamau' }]]),
    ]);
    expect(await linkFor(buyer, quote.orderId)).toBe(quote.token);
    await as('anon', 'select public.name_quote_participants($1, $2::jsonb)', [
      quote.token,
      JSON.stringify([[{ name: 'Wanjiru Kamau' }, { name: 'Otieno Ouma' }]]),
    ]);
    expect(await linkFor(buyer, quote.orderId)).toBeNull();
  });

  it('is null once names close before the intake (the participants page refuses then too), and for a cancelled order', async () => {
    // Names close names_cutoff_days (3) before the start: the last day is starts_on - 4.
    const quote = await acceptedQuote(buyer.email, 2, 4);
    expect(await linkFor(buyer, quote.orderId)).toBe(quote.token);
    await db.query(
      `update public.program_intakes set starts_on = private.nairobi_today() + 3, ends_on = private.nairobi_today() + 5
        where id = $1`,
      [quote.intakeId],
    );
    expect(await linkFor(buyer, quote.orderId)).toBeNull();
    const refused = await as('anon', 'select public.name_quote_participants($1, $2::jsonb)', [
      quote.token,
      JSON.stringify([[{ name: 'Chebet Rono' }]]),
    ]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ hint: 'names_closed' });

    const cancelled = await acceptedQuote(buyer.email, 1);
    await db.query(`update public.orders set status = 'cancelled' where id = $1`, [cancelled.orderId]);
    expect(await linkFor(buyer, cancelled.orderId)).toBeNull();
  });

  it('is null for an order placed at the checkout (no names later)', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
         payment_method, reference, request_hash, terms_accepted_at)
       values ('client', repeat('d', 43), $1, 'Buyer', gen_random_uuid(), 'invoice', 'ASC-2026-990001', 'hash', now())
       returning id`,
      [buyer.email],
    );
    expect(await linkFor(buyer, rows[0]!.id)).toBeNull();
  });
});
