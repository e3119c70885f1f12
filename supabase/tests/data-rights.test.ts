/**
 * Data rights (issue 28, item 3; migration 20261128280000) on a real PostgreSQL: a signed-in
 * customer downloads every row the database holds about their address (counted here
 * independently), asks for erasure once (a second ask answers the open request), reads nobody
 * else's; an admin completes the request: afterwards the address is only in the kept paid order
 * and its tax documents (every text column of every public table searched), the audit log keeps
 * no copy of it, and the mail to the person is queued.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideKeptRecords, rowsAbout, whereTextHolds } from '../../tests/support/data-held.ts';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
let counter = 0;

interface Person {
  email: string;
  userId: string;
  sessionId: string;
}

let programId: string;
let intakeId: string;
let eventId: string;
let amina: Person;
let brian: Person;
let admin: Person;
let paidOrder: string;
let pendingOrder: string;

async function one<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<Row> {
  const { rows } = await db.query<Row>(sql, values);
  return rows[0]!;
}

async function person(label: string): Promise<Person> {
  const email = `${label}-${randomUUID().slice(0, 6)}@example.co.ke`;
  const userId = randomUUID();
  const sessionId = randomUUID();
  await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [userId, email]);
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
  return { email, userId, sessionId };
}

async function order(customerEmail: string, participantEmail: string | null, phone = '+254722000222') {
  counter += 1;
  const serial = String(counter).padStart(6, '0');
  const { id: orderId } = await one<{ id: string }>(
    `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, customer_phone, idempotency_key,
       payment_method, reference, request_hash, terms_accepted_at)
     values ('client', $1, $2, 'A Buyer', $5, $3, 'invoice', $4, 'hash', now()) returning id`,
    [
      randomUUID().replaceAll('-', '').padEnd(43, 'c'),
      customerEmail,
      randomUUID(),
      `ASC-2026-9${serial.slice(1)}`,
      phone,
    ],
  );
  const { id: lineId } = await one<{ id: string }>(
    `insert into public.order_items (order_id, program_id, intake_id, title, unit_price, currency, quantity, position)
     values ($1, $2, $3, 'Program', 1000, 'USD', 1, 1) returning id`,
    [orderId, programId, intakeId],
  );
  const { id: participantId } = await one<{ id: string }>(
    `insert into public.order_participants (order_item_id, position, full_name, email) values ($1, 1, 'Seat Holder', $2) returning id`,
    [lineId, participantEmail],
  );
  return { orderId, participantId };
}

const claimsOf = (who: Person) => ({
  sub: who.userId,
  role: 'authenticated',
  aal: who === admin ? 'aal2' : 'aal1',
  session_id: who.sessionId,
  email: who.email,
});

/** Runs `sql` as PostgREST would for these claims; committed (the functions' effects are the subject). */
async function as<Row extends pg.QueryResultRow>(who: Person, sql: string, values: unknown[] = []) {
  await db.query('begin');
  try {
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claimsOf(who))]);
    const { rows } = await db.query<Row>(sql, values);
    await db.query('commit');
    return rows;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => error,
  );

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  ({ id: programId } = await one<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency)
     values ('Data rights', $1, 'Leadership', 'Managers', 'A program.', '5 days', 1000, 'USD') returning id`,
    [`rights-${randomUUID().slice(0, 8)}`],
  ));
  ({ id: intakeId } = await one<{ id: string }>(
    `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity)
     values ($1, current_date + 30, current_date + 34, 'Nairobi', 20) returning id`,
    [programId],
  ));
  ({ id: eventId } = await one<{ id: string }>(
    `insert into public.events (title, description, venue, starts_at, ends_at, is_published)
     values ('Forum', 'x', 'Nairobi', now() + interval '20 days', now() + interval '20 days 2 hours', true) returning id`,
  ));
  amina = await person('amina');
  brian = await person('brian');
  admin = await person('admin');
  await db.query(`insert into public.staff (user_id, email, roles) values ($1, $2, array['admin'])`, [
    admin.userId,
    admin.email,
  ]);

  // Amina: a paid order (its tax invoice issued), a pending one with an M-Pesa attempt, a seat on
  // Brian's order, an event registration, an enquiry and a newsletter row.
  const paid = await order(amina.email.toUpperCase(), null, '+254711000111');
  paidOrder = paid.orderId;
  await db.query(`update public.orders set status = 'confirmed' where id = $1`, [paidOrder]);
  await db.query(
    `update public.orders set payment_reference = 'BANK-1', payment_reference_method = 'bank', payment_recorded_at = now(), status = 'paid', paid_at = now() where id = $1`,
    [paidOrder],
  );
  await db.query(
    `insert into public.certificates (code, participant_id, intake_id, program_id, program_title, holder_name, starts_on, ends_on)
     select private.new_certificate_code(), $1, $2, $3, 'Program', 'Seat Holder', starts_on, ends_on
       from public.program_intakes where id = $2`,
    [paid.participantId, intakeId, programId],
  );
  pendingOrder = (await order(amina.email, amina.email, '+254733000333')).orderId;
  await db.query(
    `insert into public.mpesa_payment_attempts (order_id, phone, amount) values ($1, '254733000333', 100)`,
    [pendingOrder],
  );
  await order(brian.email, amina.email);
  await order(brian.email, null);
  await db.query(
    `insert into public.event_registrations (event_id, name, email, phone, seats, status, client_key, token)
     values ($1, 'Amina', $2, '+254733000333', 1, 'confirmed', 'client', $3)`,
    [eventId, amina.email, randomUUID().replaceAll('-', '').padEnd(43, 'a')],
  );
  await db.query(
    `insert into public.enquiries (name, email, phone, topic, message, consent_text, consented_at, client_key)
     values ('Amina', $1, '+254733000333', 'training', 'Please call me about training.', 'consent', now(), 'client')`,
    [amina.email.toUpperCase()],
  );
  await db.query(
    `insert into public.newsletter_subscribers (email, source, status, token, requested_at)
     values ($1, 'footer', 'pending', $2, now())`,
    [amina.email, randomUUID().replaceAll('-', '').padEnd(43, 'b')],
  );
  // A wrong code she once typed (the local Auth's throttle log names the account by its address).
  await db.query(`insert into auth.failed_attempts (kind, account, failed_at) values ('code', $1, now())`, [
    amina.email,
  ]);
  await db.query(
    `insert into public.event_registrations (event_id, name, email, phone, seats, status, client_key, token)
     values ($1, 'Brian', $2, '+254722000222', 1, 'confirmed', 'client', $3)`,
    [eventId, brian.email, randomUUID().replaceAll('-', '').padEnd(43, 'd')],
  );
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('download my data', () => {
  it('holds every row the database has about the address, and only those', async () => {
    const [row] = await as<{ data: Record<string, Record<string, unknown>[]> }>(
      amina,
      'select public.my_data() as data',
    );
    const data = row!.data;
    const expected = await rowsAbout(db, amina.email);
    expect(expected).toMatchObject({
      orders: 2,
      order_participants: 3,
      event_registrations: 1,
      enquiries: 1,
      tax_documents: 1,
      payment_receipts: 1,
    });
    for (const [kind, n] of Object.entries(expected)) expect({ kind, n: data[kind]!.length }).toEqual({ kind, n });
    // The audit entries about those rows: the orders' and participants' own history among them.
    const auditedRows = new Set(data.audit_log!.map((entry) => `${String(entry.table_name)}:${String(entry.row_id)}`));
    expect(auditedRows).toContain(`public.orders:${paidOrder}`);
    expect(auditedRows).toContain(`public.orders:${pendingOrder}`);
    expect(JSON.stringify(data)).not.toContain(brian.email);
  });

  it('refuses a visitor without a session, and gives another customer only their own', async () => {
    const error = await refused(
      (async () => {
        await db.query('begin');
        try {
          await db.query('set local role anon');
          await db.query('select public.my_data()');
        } finally {
          await db.query('rollback');
        }
      })(),
    );
    expect(error).toMatchObject({ code: '42501' });
    const [brianRow] = await as<{
      data: {
        email: string;
        orders: { customer_email: string }[];
        event_registrations: unknown[];
        enquiries: unknown[];
      };
    }>(brian, 'select public.my_data() as data');
    const data = brianRow!.data;
    expect(data.email).toBe(brian.email);
    // Amina's address is there only as the participant Brian named on his own order.
    expect(data.orders.map((row) => row.customer_email)).toEqual([brian.email, brian.email]);
    expect(JSON.stringify({ ...data, order_participants: [], audit_log: [] })).not.toContain(amina.email);
    expect(data.event_registrations).toHaveLength(1);
    expect(data.enquiries).toEqual([]);
  });
});

describe('delete my data', () => {
  let requestId: string;

  it('records one open request per address: asking again answers the open one', async () => {
    const [first] = await as<{ id: string; due_by: Date; already_requested: boolean }>(
      amina,
      'select * from public.request_data_erasure()',
    );
    expect(first!.already_requested).toBe(false);
    expect(first!.due_by.getTime() - Date.now()).toBeGreaterThan(13 * 86_400_000);
    const [second] = await as<{ id: string; already_requested: boolean }>(
      amina,
      'select * from public.request_data_erasure()',
    );
    expect(second).toMatchObject({ id: first!.id, already_requested: true });
    requestId = first!.id;
    expect(Number((await one<{ n: string }>(`select count(*) as n from public.data_erasure_requests`)).n)).toBe(1);
  });

  it('another customer sees neither the request nor can complete it; a staff member without admin cannot either', async () => {
    expect(await as(brian, 'select id from public.data_erasure_requests')).toEqual([]);
    expect(await refused(as(brian, 'select public.complete_data_erasure($1)', [requestId]))).toMatchObject({
      code: '42501',
    });
    expect(await as(amina, 'select id from public.data_erasure_requests')).toEqual([{ id: requestId }]);
    expect(await refused(as(amina, 'select public.complete_data_erasure($1)', [requestId]))).toMatchObject({
      code: '42501',
    });
    const finance = await person('finance');
    await db.query(`insert into public.staff (user_id, email, roles) values ($1, $2, array['finance'])`, [
      finance.userId,
      finance.email,
    ]);
    const financeClaims = { ...finance };
    await db.query('begin');
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({
        sub: financeClaims.userId,
        role: 'authenticated',
        aal: 'aal2',
        session_id: financeClaims.sessionId,
      }),
    ]);
    const financeError = await refused(db.query('select public.complete_data_erasure($1)', [requestId]));
    await db.query('rollback');
    expect(financeError).toMatchObject({ code: '42501' });
  });

  it('the admin completes it: the address remains only in the kept paid order and its invoice', async () => {
    const auditBefore = Number((await one<{ n: string }>('select count(*) as n from private.audit_log')).n);
    const [done] = await as<{ status: string; note: string; kept_until: string; kept_orders: string[] }>(
      admin,
      'select status, note, kept_until::text, kept_orders from public.complete_data_erasure($1)',
      [requestId],
    );
    const reference = (
      await one<{ reference: string }>('select reference from public.orders where id = $1', [paidOrder])
    ).reference;
    expect(done).toMatchObject({ status: 'completed', kept_orders: [reference] });
    expect(done!.kept_until).toBe(`${new Date().getFullYear() + 5}-12-31`);
    expect(done!.note).toContain('Tax Procedures Act');

    const holds = await whereTextHolds(db, amina.email);
    const paidDocuments = (
      await db.query<{ id: string }>('select id from public.tax_documents where order_id = $1', [paidOrder])
    ).rows.map((row) => row.id);
    const kept = [
      `public.orders.customer_email:${paidOrder}`,
      ...paidDocuments.map((id) => `public.tax_documents.buyer_email:${id}`),
    ];
    // Also allowed: the kept rows' own history in the audit log, and the mail telling the person
    // (its address goes when it is sent: next test).
    const notice = (
      await one<{ id: string }>('select id from public.mail_outbox where data_erasure_request_id = $1', [requestId])
    ).id;
    const stray = await outsideKeptRecords(
      db,
      holds.filter((hit) => hit !== `public.mail_outbox.recipient:${notice}`),
      [paidOrder],
    );
    expect(stray).toEqual([]);
    expect(holds).toEqual(expect.arrayContaining(kept));

    // The pending order is anonymised; its M-Pesa phone too; the newsletter row is gone; the account deleted.
    expect(await one('select customer_name, customer_phone from public.orders where id = $1', [pendingOrder])).toEqual({
      customer_name: 'Erased',
      customer_phone: null,
    });
    // Her phone on the erased rows (the kept order has its own).
    expect(await whereTextHolds(db, '254733000333')).toEqual([]);
    expect(await whereTextHolds(db, 'Please call me about training')).toEqual([]);
    expect((await db.query('select 1 from auth.users where id = $1', [amina.userId])).rowCount).toBe(0);
    // Brian's rows are untouched.
    expect(await rowsAbout(db, brian.email)).toMatchObject({ orders: 2, event_registrations: 1 });
    // Audited: the completion, with the admin as actor.
    const completion = await one<{ actor_id: string; after: { status: string } }>(
      `select actor_id, after from private.audit_log where table_name = 'public.data_erasure_requests' and row_id = $1 and id > $2
        order by id desc limit 1`,
      [requestId, auditBefore],
    );
    expect(completion).toMatchObject({ actor_id: admin.userId, after: { status: 'completed' } });
  });

  it('queues the mail to the person, and a second completion is refused', async () => {
    const mail = await one<{ recipient: string; kind: string }>(
      `select recipient, kind from public.mail_outbox where data_erasure_request_id = $1`,
      [requestId],
    );
    expect(mail).toEqual({ recipient: amina.email, kind: 'data_erasure_completed' });
    // Sent (as the worker marks it): the address is forgotten there too.
    await db.query(
      `update public.mail_outbox set status = 'sent', sent_at = now() where data_erasure_request_id = $1`,
      [requestId],
    );
    expect(await whereTextHolds(db, amina.email)).not.toContainEqual(expect.stringMatching(/^public\.mail_outbox/));
    expect(await refused(as(admin, 'select public.complete_data_erasure($1)', [requestId]))).toMatchObject({
      code: '22023',
    });
  });

  it('keeps an unpaid order that has a payment receipt (a payment taken after it was cancelled), with the receipt', async () => {
    const chidi = await person('chidi');
    const { orderId } = await order(chidi.email, null);
    await db.query(`update public.orders set status = 'cancelled' where id = $1`, [orderId]);
    const { receipt } = await one<{ receipt: string }>(
      `select private.issue_payment_receipt($1, null, 'mpesa_paybill', 'QLATE12345', 'KES', 129160, 129160, '254722000222') as receipt`,
      [orderId],
    );
    const [request] = await as<{ id: string }>(chidi, 'select * from public.request_data_erasure()');
    const [done] = await as<{ kept_orders: string[] }>(
      admin,
      'select kept_orders from public.complete_data_erasure($1)',
      [request!.id],
    );
    const { reference } = await one<{ reference: string }>('select reference from public.orders where id = $1', [
      orderId,
    ]);
    expect(done!.kept_orders).toEqual([reference]);
    expect(await one('select customer_email from public.orders where id = $1', [orderId])).toEqual({
      customer_email: chidi.email,
    });
    expect(await one('select payer_email from public.payment_receipts where id = $1', [receipt])).toEqual({
      payer_email: chidi.email,
    });
  });
});
