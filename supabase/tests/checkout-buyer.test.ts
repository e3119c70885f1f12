/**
 * The tax invoice's buyer from checkout (issue 29): create_order takes the organisation's KRA PIN
 * and address and stores them on the order, as typed (spaces dropped, capitals); a PIN that is
 * not a letter, nine digits and a letter is refused in words, naming the field, and no order is
 * made. The paid order's tax invoice then names that buyer.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';
import { KRA_PIN_MESSAGE } from '../../domain/kra-pin.ts';

let database: MigratedDatabase;
let db: pg.Client;
let programId = '';
let client = 0;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.query('truncate public.orders, public.training_programs cascade');
  const { rows } = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, tax_class, is_published)
     values ('Board finance', $1, 'Leadership', 'Managers', 'A program.', '5 days', 58000, 'KES', 'B', true) returning id`,
    [`buyer-${randomUUID().slice(0, 8)}`],
  );
  programId = rows[0]!.id;
});

/** create_order as checkout calls it, from a network address of its own (orders are throttled per client). */
async function createOrder(buyer: { organisation?: string; pin?: string | null; address?: string | null }) {
  client += 1;
  await db.query(`select set_config('request.headers', $1, false)`, [
    JSON.stringify({ 'cf-connecting-ip': `192.0.2.${client}` }),
  ]);
  const items = [{ program_id: programId, intake_id: null, quantity: 1, participants: [{ name: 'Achieng Otieno' }] }];
  const { rows } = await db.query<{ reference: string }>(
    `select * from public.create_order(
       idempotency_key => $1, buyer_name => 'Achieng Otieno', buyer_email => 'achieng@example.co.ke',
       buyer_phone => '0712345678', payment_method => 'invoice', accepted_terms => true, items => $2::jsonb,
       organisation => $3, buyer_kra_pin => $4, buyer_address => $5)`,
    [randomUUID(), JSON.stringify(items), buyer.organisation ?? null, buyer.pin ?? null, buyer.address ?? null],
  );
  return rows[0]!.reference;
}

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { message, detail, hint } = error as pg.DatabaseError;
    return { message, field: detail, reason: hint };
  }
  throw new Error('create_order accepted what it should refuse');
}

describe("create_order: the tax invoice's buyer", () => {
  it("stores the organisation's KRA PIN (as typed: spaces dropped, capitals) and address, and the invoice names them", async () => {
    const reference = await createOrder({
      organisation: 'Kilimo Co-operative Society',
      pin: ' p051 234567x ',
      address: 'P.O. Box 4410-00100, Nairobi',
    });
    const { rows } = await db.query(
      `select id, organisation, buyer_kra_pin, buyer_address from public.orders where reference = $1`,
      [reference],
    );
    expect(rows[0]).toMatchObject({
      organisation: 'Kilimo Co-operative Society',
      buyer_kra_pin: 'P051234567X',
      buyer_address: 'P.O. Box 4410-00100, Nairobi',
    });

    const orderId = rows[0].id as string;
    await db.query(`update public.orders set status = 'confirmed' where id = $1`, [orderId]);
    await db.query(
      `update public.orders set payment_reference = 'BANK-1', payment_reference_method = 'bank', payment_recorded_at = now(), status = 'paid' where id = $1`,
      [orderId],
    );
    const invoice = await db.query(
      `select buyer_organisation, buyer_kra_pin, buyer_address from public.tax_documents where order_id = $1 and kind = 'tax_invoice'`,
      [orderId],
    );
    expect(invoice.rows).toEqual([
      {
        buyer_organisation: 'Kilimo Co-operative Society',
        buyer_kra_pin: 'P051234567X',
        buyer_address: 'P.O. Box 4410-00100, Nairobi',
      },
    ]);
  });

  it('takes a PIN from an individual, and no PIN at all', async () => {
    const withPin = await createOrder({ pin: 'A123456789B' });
    const without = await createOrder({});
    const { rows } = await db.query(
      `select reference, organisation, buyer_kra_pin, buyer_address from public.orders where reference = any($1) order by reference`,
      [[withPin, without]],
    );
    expect(rows).toEqual([
      { reference: withPin, organisation: null, buyer_kra_pin: 'A123456789B', buyer_address: null },
      { reference: without, organisation: null, buyer_kra_pin: null, buyer_address: null },
    ]);
  });

  it('refuses a PIN that is not a letter, nine digits and a letter, in words naming the field, and makes no order', async () => {
    for (const pin of ['P05123456X', '1051234567X', 'P051234567', 'P0512345678X']) {
      expect(await refusalOf(createOrder({ organisation: 'Kilimo', pin }))).toEqual({
        message: KRA_PIN_MESSAGE,
        field: 'buyer_kra_pin',
        reason: 'invalid_kra_pin',
      });
    }
    expect((await db.query('select count(*)::int as n from public.orders')).rows[0].n).toBe(0);
  });

  it('refuses an address longer than 300 characters in words', async () => {
    expect(await refusalOf(createOrder({ pin: 'P051234567X', address: 'x'.repeat(301) }))).toEqual({
      message: 'The address must be at most 300 characters.',
      field: 'buyer_address',
      reason: 'invalid_address',
    });
  });
});
