/**
 * A receipt for each payment (issue 29) on a real PostgreSQL: a payment (an STK push that
 * succeeded, a verified Paybill code, a payment finance recorded) issues exactly one receipt with
 * the next RCT number and queues its mail; a replayed callback or a retried issue adds none and
 * uses no number; numbers have no gaps and no duplicates under concurrent payments of both kinds.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
let counter = 0;
let pushes = 0;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.query('truncate public.orders, public.training_programs cascade');
});

async function program(price: number, currency: 'USD' | 'KES'): Promise<string> {
  const slug = `receipt-${randomUUID().slice(0, 8)}`;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
     values ($1, $1, 'Leadership', 'Managers', 'A program.', '5 days', $2, $3, true) returning id`,
    [slug, price, currency],
  );
  return rows[0]!.id;
}

/** A pending M-Pesa order of one seat of the program, in the order's currency. */
async function order(currency: 'USD' | 'KES', programId: string): Promise<string> {
  counter += 1;
  const serial = String(counter).padStart(6, '0');
  const { rows } = await db.query<{ id: string }>(
    `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
       payment_method, reference, request_hash, terms_accepted_at, currency, organisation)
     values ('client', $1, 'payer@example.com', 'Achieng Otieno', $2, 'mpesa', $3, 'hash', now(), $4, 'Tana Water') returning id`,
    [serial.padEnd(43, 'b'), randomUUID(), `ASC-2026-${serial}`, currency],
  );
  const orderId = rows[0]!.id;
  await db.query(
    `insert into public.order_items (order_id, program_id, title, unit_price, currency, quantity, position)
     select $1, p.id, p.title, p.price_amount, p.currency, 1, 1 from public.training_programs p where p.id = $2`,
    [orderId, programId],
  );
  return orderId;
}

/** Finance records a bank transfer and marks the order paid. */
async function payByBank(orderId: string, client: pg.Client = db): Promise<void> {
  await client.query(`update public.orders set status = 'confirmed' where id = $1`, [orderId]);
  await client.query(
    `update public.orders set payment_reference = $2, payment_reference_method = 'bank', payment_recorded_at = now(), status = 'paid' where id = $1`,
    [orderId, `BANK-${orderId.slice(0, 8)}`],
  );
}

/** An STK push the phone approved: Daraja's callback settles it (settle_mpesa_attempt). */
async function pushAndSettle(orderId: string, client: pg.Client = db): Promise<{ checkout: string; receipt: string }> {
  pushes += 1;
  const phone = `2547${String(pushes).padStart(8, '0')}`;
  const checkout = `ws_CO_${randomUUID()}`;
  const receipt = `R${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`;
  const { rows } = await client.query<{ amount: number }>(
    `select ceil(total_kes)::integer as amount from public.orders where id = $1`,
    [orderId],
  );
  const attempt = await client.query<{ id: string }>(
    `select public.begin_mpesa_attempt($1, $2, $3) as id`,
    // A phone of its own per push: a phone gets few pushes in a short time.
    [orderId, phone, rows[0]!.amount],
  );
  await client.query(`select public.record_mpesa_push($1, $2, $3)`, [attempt.rows[0]!.id, randomUUID(), checkout]);
  await settle(checkout, rows[0]!.amount, receipt, client);
  return { checkout, receipt };
}

async function settle(checkout: string, amount: number, receipt: string, client: pg.Client = db): Promise<string> {
  const { rows } = await client.query<{ outcome: string }>(
    `select public.settle_mpesa_attempt($1, 0, 'The service request is processed successfully.', $2, 'callback', $3) as outcome`,
    [checkout, amount, receipt],
  );
  return rows[0]!.outcome;
}

interface Receipt {
  id: string;
  number: number;
  document_number: string;
  method: string;
  reference: string | null;
  currency: string;
  amount: string;
  amount_kes: string;
  balance: string;
  balance_kes: string;
  payer_name: string;
}

async function receipts(orderId: string): Promise<Receipt[]> {
  const { rows } = await db.query<Receipt>(
    `select id, number, document_number, method, reference, currency, amount::text, amount_kes::text, balance::text,
            balance_kes::text, payer_name
       from public.payment_receipts where order_id = $1 order by number`,
    [orderId],
  );
  return rows;
}

async function receiptMails(orderId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::integer as count from public.mail_outbox m
       join public.payment_receipts r on r.id = m.payment_receipt_id
      where m.kind = 'payment_receipt' and r.order_id = $1`,
    [orderId],
  );
  return rows[0]!.count;
}

async function lastReceiptNumber(): Promise<number> {
  const { rows } = await db.query<{ last_number: number }>(
    `select last_number from private.tax_document_series where kind = 'payment_receipt'`,
  );
  return rows[0]!.last_number;
}

describe('a payment receipt', () => {
  it('is issued once for a payment finance recorded, with the next number, and mailed', async () => {
    const orderId = await order('KES', await program(38_000, 'KES'));
    const before = await lastReceiptNumber();
    expect(await receipts(orderId)).toEqual([]);

    await payByBank(orderId);

    const issued = await receipts(orderId);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      number: before + 1,
      document_number: `RCT-${String(before + 1).padStart(6, '0')}`,
      method: 'bank',
      reference: `BANK-${orderId.slice(0, 8)}`,
      currency: 'KES',
      amount: '38000.00',
      amount_kes: '38000.00',
      balance: '0.00',
      payer_name: 'Achieng Otieno',
    });
    expect(await receiptMails(orderId)).toBe(1);
    // The tax invoice is issued beside it, in its own series.
    const { rows } = await db.query(`select 1 from public.tax_documents where order_id = $1`, [orderId]);
    expect(rows).toHaveLength(1);
  });

  it('of an STK push names its M-Pesa receipt, in KES, and a replayed callback adds none', async () => {
    const orderId = await order('USD', await program(500, 'USD'));
    const { checkout, receipt } = await pushAndSettle(orderId);

    const [only, ...others] = await receipts(orderId);
    expect(others).toEqual([]);
    const { rows } = await db.query<{ total_kes: string }>(`select total_kes::text from public.orders where id = $1`, [
      orderId,
    ]);
    expect(only).toMatchObject({ method: 'mpesa_stk', reference: receipt, currency: 'KES', balance: '0.00' });
    expect(Number(only!.amount)).toBe(Math.ceil(Number(rows[0]!.total_kes)));

    // Daraja retries its callback: the attempt is settled, nothing more is issued or numbered.
    const before = await lastReceiptNumber();
    expect(await settle(checkout, Number(only!.amount), receipt)).toBe('not_pending');
    expect(await receipts(orderId)).toHaveLength(1);
    expect(await receiptMails(orderId)).toBe(1);
    expect(await lastReceiptNumber()).toBe(before);
  });

  it('of a verified Paybill code names the code', async () => {
    const orderId = await order('KES', await program(12_500, 'KES'));
    await db.query(
      `update public.orders set mpesa_code = 'QJK7XYZ123', mpesa_code_status = 'verified', mpesa_code_checked_at = now() where id = $1`,
      [orderId],
    );
    await db.query(`update public.orders set status = 'confirmed' where id = $1`, [orderId]);
    await db.query(`update public.orders set status = 'paid' where id = $1`, [orderId]);
    expect(await receipts(orderId)).toMatchObject([
      { method: 'mpesa_paybill', reference: 'QJK7XYZ123', amount: '12500.00', balance: '0.00' },
    ]);
  });

  it('issued again for the same payment answers the same receipt and uses no number', async () => {
    const orderId = await order('KES', await program(1_000, 'KES'));
    await payByBank(orderId);
    const [first] = await receipts(orderId);
    const before = await lastReceiptNumber();
    const { rows } = await db.query<{ id: string }>(
      `select private.issue_payment_receipt($1, null, 'bank', 'AGAIN', 'KES', 1000, 1000, null) as id`,
      [orderId],
    );
    expect(rows[0]!.id).toBe(first!.id);
    expect(await receipts(orderId)).toHaveLength(1);
    expect(await lastReceiptNumber()).toBe(before);
    // And the unique constraint holds even against a direct second insert.
    const duplicate = await db
      .query(
        `insert into public.payment_receipts (number, document_number, order_id, method, paid_at, currency, kes_per_usd,
           amount, amount_kes, balance, balance_kes, payer_name, payer_email)
         values (999999, 'RCT-999999', $1, 'bank', now(), 'KES', 129.16, 1, 1, 0, 0, 'X', 'x@example.com')`,
        [orderId],
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((duplicate as pg.DatabaseError).constraint).toBe('payment_receipts_one_order_payment');
  });

  it('numbers have no gaps and no duplicates under 20 concurrent payments of both kinds, and a rolled-back one uses none', async () => {
    const programId = await program(1_000, 'KES');
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push(await order('KES', programId));

    const rolledBack = await order('KES', programId);
    await db.query(`update public.orders set status = 'confirmed' where id = $1`, [rolledBack]);
    await db.query('begin');
    await db.query(
      `update public.orders set payment_reference = 'X', payment_reference_method = 'bank', payment_recorded_at = now(), status = 'paid' where id = $1`,
      [rolledBack],
    );
    await db.query('rollback');
    const first = (await lastReceiptNumber()) + 1;

    const clients = await Promise.all(
      orders.map(async () => {
        const client = new pg.Client({ connectionString: database.database.databaseUrl });
        await client.connect();
        return client;
      }),
    );
    try {
      // Half by STK push (the receipt before the order turns paid), half recorded by finance.
      await Promise.all(
        orders.map((orderId, i) => (i % 2 === 0 ? pushAndSettle(orderId, clients[i]) : payByBank(orderId, clients[i]))),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    const { rows } = await db.query<{ number: number; order_id: string }>(
      `select number, order_id from public.payment_receipts order by number`,
    );
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    expect(new Set(rows.map((r) => r.order_id))).toEqual(new Set(orders));
    expect(await receipts(rolledBack)).toEqual([]);
  });

  it("is read for its PDF and listed by the order's token only; anon without it, or with another, reads nothing", async () => {
    const orderId = await order('KES', await program(2_000, 'KES'));
    await payByBank(orderId);
    const [receipt] = await receipts(orderId);
    const { rows: tokens } = await db.query<{ token: string }>(
      `select confirmation_token as token from public.orders where id = $1`,
      [orderId],
    );
    const token = tokens[0]!.token;
    const asAnon = async <T>(sql: string, params: unknown[]): Promise<T> => {
      await db.query('begin');
      try {
        await db.query(`set local role anon`);
        await db.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
        return (await db.query<{ v: T }>(sql, params)).rows[0]!.v;
      } finally {
        await db.query('rollback');
      }
    };
    const forPdf = (given: string | null) =>
      asAnon<Record<string, unknown> | null>(`select public.payment_receipt_for_pdf($1, $2) as v`, [
        receipt!.id,
        given,
      ]);
    expect(await forPdf(token)).toMatchObject({
      document_number: receipt!.document_number,
      order_reference: expect.stringMatching(/^ASC-2026-/),
      method: 'bank',
      amount: 2000,
      balance: 0,
      payer_name: 'Achieng Otieno',
    });
    expect(await forPdf(null)).toBeNull();
    expect(await forPdf('x'.repeat(43))).toBeNull();
    expect(await asAnon<unknown[]>(`select public.get_order_payment_receipts($1) as v`, [token])).toEqual([
      { id: receipt!.id, document_number: receipt!.document_number, issued_at: expect.any(String) },
    ]);
    expect(await asAnon<unknown[]>(`select public.get_order_payment_receipts($1) as v`, ['x'.repeat(43)])).toEqual([]);
  });

  it('a signed-in customer reads the receipts of their own orders only', async () => {
    const programId = await program(3_000, 'KES');
    const own = await order('KES', programId);
    const other = await order('KES', programId);
    // The other order is someone else's (changed before its invoice fixes the buyer).
    await db.query(`update public.orders set customer_email = 'someone@example.com' where id = $1`, [other]);
    await payByBank(own);
    await payByBank(other);
    const userId = randomUUID();
    const sessionId = randomUUID();
    await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [
      userId,
      'payer@example.com',
    ]);
    await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
    await db.query('begin');
    try {
      await db.query('set local role authenticated');
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: userId, role: 'authenticated', email: 'payer@example.com', session_id: sessionId }),
      ]);
      const { rows } = await db.query<{ order_id: string }>('select order_id from public.payment_receipts');
      expect(rows).toEqual([{ order_id: own }]);
    } finally {
      await db.query('rollback');
    }
  });
});
