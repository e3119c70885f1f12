/**
 * Customer accounts' reads (issue 28, migration 20261128190100), on a real PostgreSQL: a signed-in
 * customer reads their own orders, lines, participants, event registrations, certificates and
 * newsletter row, matched on the session's confirmed e-mail address (case-insensitive), and never
 * another customer's; an unconfirmed address, a JWT address that is not the account's, a closed
 * session or no claims read nothing. A participant's name on a paid order may be changed until
 * the intake starts, audited.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
let counter = 0;

interface Customer {
  email: string;
  userId: string;
  sessionId: string;
  orderId: string;
  participantId: string;
}

const tables = [
  'orders',
  'order_items',
  'order_participants',
  'event_registrations',
  'certificates',
  'newsletter_subscribers',
] as const;

let programId: string;
let futureIntake: string;
let startedIntake: string;
let eventId: string;
let amina: Customer;
let brian: Customer;

async function one<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<Row> {
  const { rows } = await db.query<Row>(sql, values);
  return rows[0]!;
}

/** A confirmed account with an open session, and a paid order (one participant) on `intakeId`. */
async function customer(label: string, intakeId: string, confirmed = true): Promise<Customer> {
  const email = `${label}-${randomUUID().slice(0, 6)}@example.co.ke`;
  const userId = randomUUID();
  const sessionId = randomUUID();
  await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, $3)', [
    userId,
    email,
    confirmed ? new Date() : null,
  ]);
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
  const { orderId, participantId } = await order(email.toUpperCase(), intakeId);
  await db.query(
    `insert into public.event_registrations (event_id, name, email, phone, seats, status, client_key, token)
     values ($1, $2, $3, '+254700000000', 1, 'confirmed', 'client', $4)`,
    [eventId, label, email, randomUUID().replaceAll('-', '').padEnd(43, 'a')],
  );
  await db.query(
    `insert into public.newsletter_subscribers (email, source, status, token, requested_at)
     values ($1, 'footer', 'pending', $2, now())`,
    [email, randomUUID().replaceAll('-', '').padEnd(43, 'b')],
  );
  await db.query(
    `insert into public.certificates (code, participant_id, intake_id, program_id, program_title, holder_name, starts_on, ends_on)
     select private.new_certificate_code(), $1, $2, $3, 'Program', $4, starts_on, ends_on
       from public.program_intakes where id = $2`,
    [participantId, intakeId, programId, label],
  );
  return { email, userId, sessionId, orderId, participantId };
}

async function order(customerEmail: string, intakeId: string, status = 'paid') {
  counter += 1;
  const serial = String(counter).padStart(6, '0');
  const { id: orderId } = await one<{ id: string }>(
    `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
       payment_method, reference, request_hash, terms_accepted_at, status)
     values ('client', $1, $2, 'Buyer', $3, 'invoice', $4, 'hash', now(), $5) returning id`,
    [serial.padEnd(43, 'c'), customerEmail, randomUUID(), `ASC-2026-${serial}`, status],
  );
  const { id: lineId } = await one<{ id: string }>(
    `insert into public.order_items (order_id, program_id, intake_id, title, unit_price, currency, quantity, position)
     values ($1, $2, $3, 'Program', 1000, 'USD', 1, 1) returning id`,
    [orderId, programId, intakeId],
  );
  const { id: participantId } = await one<{ id: string }>(
    `insert into public.order_participants (order_item_id, position, full_name) values ($1, 1, 'Seat One') returning id`,
    [lineId],
  );
  return { orderId, participantId };
}

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  ({ id: programId } = await one<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency)
     values ('Customer reads', $1, 'Leadership', 'Managers', 'A program.', '5 days', 1000, 'USD') returning id`,
    [`customer-${randomUUID().slice(0, 8)}`],
  ));
  ({ id: futureIntake } = await one<{ id: string }>(
    `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity)
     values ($1, current_date + 30, current_date + 34, 'Nairobi', 20) returning id`,
    [programId],
  ));
  ({ id: startedIntake } = await one<{ id: string }>(
    `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity)
     values ($1, current_date - 1, current_date + 3, 'Nairobi', 20) returning id`,
    [programId],
  ));
  ({ id: eventId } = await one<{ id: string }>(
    `insert into public.events (title, description, venue, starts_at, ends_at, is_published)
     values ('Forum', 'x', 'Nairobi', now() + interval '20 days', now() + interval '20 days 2 hours', true) returning id`,
  ));
  amina = await customer('amina', futureIntake);
  brian = await customer('brian', startedIntake);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const claimsOf = (who: Customer, extra: Record<string, unknown> = {}) => ({
  sub: who.userId,
  role: 'authenticated',
  aal: 'aal1',
  session_id: who.sessionId,
  email: who.email,
  ...extra,
});

/** Runs `sql` as PostgREST would for these claims, rolled back afterwards. */
async function as<Row extends pg.QueryResultRow>(claims: object, sql: string, values: unknown[] = []) {
  await db.query('begin');
  try {
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    return (await db.query<Row>(sql, values)).rows;
  } finally {
    await db.query('rollback');
  }
}

/** How many rows of each table these claims read, and whether all are `who`'s. */
async function reads(claims: object) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const rows = await as<{ n: string }>(claims, `select count(*) as n from public.${table}`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

const nothing = Object.fromEntries(tables.map((table) => [table, 0]));
const ownRows = Object.fromEntries(tables.map((table) => [table, 1]));

describe('RLS matrix: customer role', () => {
  it("reads exactly their own row of every kind, none of another customer's", async () => {
    expect(await reads(claimsOf(amina))).toEqual(ownRows);
    const orders = await as<{ id: string }>(claimsOf(amina), 'select id from public.orders');
    expect(orders.map((row) => row.id)).toEqual([amina.orderId]);
    const participants = await as<{ id: string }>(claimsOf(brian), 'select id from public.order_participants');
    expect(participants.map((row) => row.id)).toEqual([brian.participantId]);
  });

  it('matches the address case-insensitively (the order was placed in capitals)', async () => {
    expect(await reads(claimsOf(amina, { email: amina.email.toUpperCase() }))).toEqual(ownRows);
  });

  it("reads nothing with another customer's address in the JWT (not the account's)", async () => {
    expect(await reads(claimsOf(amina, { email: brian.email }))).toEqual(nothing);
  });

  it('reads nothing while the address is unconfirmed', async () => {
    const unconfirmed = await customer('unconfirmed', futureIntake, false);
    expect(await reads(claimsOf(unconfirmed))).toEqual(nothing);
  });

  it('reads nothing once the session is closed, or without claims', async () => {
    expect(await reads(claimsOf(amina, { session_id: randomUUID() }))).toEqual(nothing);
    expect(await reads({ role: 'authenticated' })).toEqual(nothing);
  });

  it('writes nothing directly: no insert, update or delete on their own rows', async () => {
    const denied = async (sql: string, values: unknown[]) => {
      const error = await as(claimsOf(amina), sql, values).then(
        () => null,
        (caught: unknown) => caught,
      );
      return error ?? 'no error';
    };
    expect(await denied(`update public.orders set status = 'cancelled' where id = $1`, [amina.orderId])).toMatchObject({
      code: '42501',
    });
    expect(
      await denied(`update public.order_participants set full_name = 'X' where id = $1`, [amina.participantId]),
    ).toBeDefined();
    const after = await one<{ full_name: string }>('select full_name from public.order_participants where id = $1', [
      amina.participantId,
    ]);
    expect(after.full_name).toBe('Seat One');
  });
});

describe('rename_order_participant', () => {
  it('renames a participant of their paid order before the intake starts, audited as the customer', async () => {
    await db.query('begin');
    try {
      await db.query('set local role authenticated');
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claimsOf(amina))]);
      await db.query('select public.rename_order_participant($1, $2)', [amina.participantId, '  Amina Njeri  ']);
      await db.query('reset role');
      const renamed = await one<{ full_name: string }>(
        'select full_name from public.order_participants where id = $1',
        [amina.participantId],
      );
      expect(renamed.full_name).toBe('Amina Njeri');
      const audit = await one<{ actor_email: string; action: string }>(
        `select actor_email, action from private.audit_log
          where table_name = 'public.order_participants' and row_id = $1::text order by id desc limit 1`,
        [amina.participantId],
      );
      expect(audit).toEqual({ actor_email: amina.email, action: 'UPDATE' });
    } finally {
      await db.query('rollback');
    }
  });

  const refusal = (claims: object, participantId: string, name = 'New Name') =>
    as(claims, 'select public.rename_order_participant($1, $2)', [participantId, name]).then(
      () => 'renamed',
      (error: { hint?: string; message: string }) => error.hint,
    );

  it("refuses another customer's participant, an intake that has started, a blank name, a visitor", async () => {
    expect(await refusal(claimsOf(amina), brian.participantId)).toBe('participant_not_found');
    expect(await refusal(claimsOf(brian), brian.participantId)).toBe('intake_started');
    expect(await refusal(claimsOf(amina), amina.participantId, '   ')).toBe('name_invalid');
    expect(await refusal({ role: 'authenticated' }, amina.participantId)).toBe('customer_required');
  });

  it('refuses a participant of an order that is not paid', async () => {
    const pending = await order(amina.email, futureIntake, 'pending');
    expect(await refusal(claimsOf(amina), pending.participantId)).toBe('order_not_paid');
  });
});
