/**
 * Tax invoices and credit notes on a real PostgreSQL (issue 29): paying an order issues exactly
 * one invoice whose KES lines add up to the order's total to the cent, each line's VAT by
 * domain/vat.ts's rule; cancelling a paid order issues the credit note; numbers have no gaps and
 * no duplicates under concurrent payments; the invoiced buyer is fixed.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';
import { KRA_TAX_TYPES, splitInclusiveCents, type TaxTypeCode } from '../../domain/vat.ts';
import { isKraPin, normaliseKraPin } from '../../domain/kra-pin.ts';

let database: MigratedDatabase;
let db: pg.Client;
let counter = 0;

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

const taxClass = (code: TaxTypeCode) => KRA_TAX_TYPES.find((c) => c.code === code)!;

async function program(price: number, currency: 'USD' | 'KES', tax: TaxTypeCode): Promise<string> {
  const slug = `tax-${randomUUID().slice(0, 8)}`;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, tax_class, is_published)
     values ($1, $1, 'Leadership', 'Managers', 'A program.', '5 days', $2, $3, $4, true) returning id`,
    [slug, price, currency, tax],
  );
  return rows[0]!.id;
}

/** A pending order of the given programs (seats each), in the order's currency. */
async function order(
  currency: 'USD' | 'KES',
  lines: { programId: string; seats: number }[],
  buyer: { organisation?: string; pin?: string } = {},
): Promise<string> {
  counter += 1;
  const serial = String(counter).padStart(6, '0');
  const { rows } = await db.query<{ id: string }>(
    `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
       payment_method, reference, request_hash, terms_accepted_at, currency, organisation, buyer_kra_pin)
     values ('client', $1, 'buyer@example.com', 'Wanjiru Kamau', $2, 'invoice', $3, 'hash', now(), $4, $5, $6) returning id`,
    [
      serial.padEnd(43, 'a'),
      randomUUID(),
      `ASC-2026-${serial}`,
      currency,
      buyer.organisation ?? null,
      buyer.pin ?? null,
    ],
  );
  const orderId = rows[0]!.id;
  for (const [index, line] of lines.entries()) {
    await db.query(
      // As create_order does: the program's title and price as they are now.
      `insert into public.order_items (order_id, program_id, title, unit_price, currency, quantity, position)
       select $1, p.id, p.title, p.price_amount, p.currency, $3, $4 from public.training_programs p where p.id = $2`,
      [orderId, line.programId, line.seats, index + 1],
    );
  }
  return orderId;
}

async function pay(orderId: string, client: pg.Client = db): Promise<void> {
  await client.query(`update public.orders set status = 'confirmed' where id = $1`, [orderId]);
  await client.query(
    `update public.orders set payment_reference = $2, payment_reference_method = 'bank', payment_recorded_at = now(), status = 'paid' where id = $1`,
    [orderId, `BANK-${orderId.slice(0, 8)}`],
  );
}

interface Document {
  id: string;
  kind: string;
  number: number;
  document_number: string;
  currency: string;
  total: string;
  gross_kes: string;
  vat_kes: string;
  net_kes: string;
  buyer_kra_pin: string | null;
  etims_status: string;
}

async function documents(orderId: string): Promise<Document[]> {
  const { rows } = await db.query<Document>(
    `select id, kind, number, document_number, currency, total::text, gross_kes::text, vat_kes::text, net_kes::text,
            buyer_kra_pin, etims_status
       from public.tax_documents where order_id = $1 order by kind = 'credit_note', number`,
    [orderId],
  );
  return rows;
}

async function lines(documentId: string) {
  const { rows } = await db.query<{ tax_class: TaxTypeCode; gross_kes: string; vat_kes: string; net_kes: string }>(
    `select tax_class, gross_kes::text, vat_kes::text, net_kes::text from public.tax_document_lines
      where document_id = $1 order by position`,
    [documentId],
  );
  return rows;
}

const cents = (amount: string): number => Math.round(Number(amount) * 100);

async function orderTotals(orderId: string) {
  const { rows } = await db.query<{ total_kes: string; total_usd: string }>(
    `select total_kes::text, total_usd::text from public.orders where id = $1`,
    [orderId],
  );
  return rows[0]!;
}

describe('the tax invoice', () => {
  it('is issued once when an order is paid, its VAT per line by the domain rule and its total what was paid', async () => {
    const standard = await program(38_000, 'KES', 'B');
    const exempt = await program(12_345.67, 'KES', 'A');
    const orderId = await order('KES', [
      { programId: standard, seats: 2 },
      { programId: exempt, seats: 1 },
    ]);
    expect(await documents(orderId)).toEqual([]);

    await pay(orderId);

    const [invoice, ...others] = await documents(orderId);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'tax_invoice', currency: 'KES', etims_status: 'awaiting' });
    expect(invoice!.document_number).toMatch(/^INV-\d{6}$/);
    const { total_kes } = await orderTotals(orderId);
    expect(cents(invoice!.total)).toBe(cents(total_kes));
    expect(cents(invoice!.gross_kes)).toBe(cents(total_kes));

    const invoiceLines = await lines(invoice!.id);
    expect(invoiceLines.map((l) => l.tax_class)).toEqual(['B', 'A']);
    for (const line of invoiceLines) {
      const expected = splitInclusiveCents(cents(line.gross_kes), taxClass(line.tax_class));
      expect([cents(line.vat_kes), cents(line.net_kes)]).toEqual([expected.vatCents, expected.netCents]);
    }
    // 76,000 inclusive of 16 %: 10,482.76 VAT; the exempt line carries none.
    expect(invoiceLines.map((l) => l.vat_kes)).toEqual(['10482.76', '0.00']);
    expect(cents(invoice!.vat_kes)).toBe(invoiceLines.reduce((sum, l) => sum + cents(l.vat_kes), 0));
  });

  it('of a USD order keeps what was paid in USD and shares the KES total between lines to the cent', async () => {
    // Prices whose KES amounts end in fractions of a cent, so per-line rounding alone would drift.
    const first = await program(333.33, 'USD', 'B');
    const second = await program(101.01, 'USD', 'B');
    const third = await program(77.77, 'USD', 'E');
    const orderId = await order('USD', [
      { programId: first, seats: 3 },
      { programId: second, seats: 1 },
      { programId: third, seats: 7 },
    ]);
    await pay(orderId);
    const [invoice] = await documents(orderId);
    const { total_kes, total_usd } = await orderTotals(orderId);
    expect(invoice).toMatchObject({ currency: 'USD', total: total_usd });
    const invoiceLines = await lines(invoice!.id);
    expect(invoiceLines.reduce((sum, l) => sum + cents(l.gross_kes), 0)).toBe(cents(total_kes));
    for (const line of invoiceLines) {
      expect(cents(line.vat_kes) + cents(line.net_kes)).toBe(cents(line.gross_kes));
      const expected = splitInclusiveCents(cents(line.gross_kes), taxClass(line.tax_class));
      expect(cents(line.vat_kes)).toBe(expected.vatCents);
    }
  });

  it('numbers have no gaps and no duplicates under 20 concurrent payments, and a rolled-back payment uses none', async () => {
    const programId = await program(1_000, 'KES', 'B');
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push(await order('KES', [{ programId, seats: 1 }]));

    const rolledBack = await order('KES', [{ programId, seats: 1 }]);
    await db.query(`update public.orders set status = 'confirmed' where id = $1`, [rolledBack]);
    await db.query('begin');
    await db.query(
      `update public.orders set payment_reference = 'X', payment_reference_method = 'bank', payment_recorded_at = now(), status = 'paid' where id = $1`,
      [rolledBack],
    );
    await db.query('rollback');

    const clients = await Promise.all(
      orders.map(async () => {
        const client = new pg.Client({ connectionString: database.database.databaseUrl });
        await client.connect();
        return client;
      }),
    );
    try {
      await Promise.all(orders.map((orderId, i) => pay(orderId, clients[i])));
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    const { rows } = await db.query<{ number: number }>(
      `select number from public.tax_documents where kind = 'tax_invoice' order by number`,
    );
    const first = rows[0]!.number;
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    expect(await documents(rolledBack)).toEqual([]);
  });

  it('names the buyer as the order did, and the buyer cannot change once it is issued', async () => {
    const programId = await program(1_000, 'KES', 'B');
    const orderId = await order('KES', [{ programId, seats: 1 }], {
      organisation: 'Acme Kenya Ltd',
      pin: 'P051234567X',
    });
    await db.query(`update public.orders set buyer_kra_pin = 'P051234567Y' where id = $1`, [orderId]);
    await pay(orderId);
    expect((await documents(orderId))[0]!.buyer_kra_pin).toBe('P051234567Y');
    const refusal = await db
      .query(`update public.orders set buyer_kra_pin = 'P051234567Z' where id = $1`, [orderId])
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refusal).toBeInstanceOf(pg.DatabaseError);
    expect((refusal as pg.DatabaseError).message).toContain('The tax invoice is issued');
  });
});

describe('the credit note', () => {
  it('credits the whole invoice when a paid order is cancelled, the two summing to zero', async () => {
    const programId = await program(45_500, 'KES', 'B');
    const orderId = await order('KES', [{ programId, seats: 3 }]);
    await pay(orderId);
    await db.query(`update public.orders set status = 'cancelled' where id = $1`, [orderId]);

    const [invoice, credit] = await documents(orderId);
    expect(credit).toMatchObject({ kind: 'credit_note' });
    expect(credit!.document_number).toMatch(/^CRN-\d{6}$/);
    for (const field of ['total', 'gross_kes', 'vat_kes', 'net_kes'] as const) {
      expect(cents(invoice![field]) + cents(credit![field])).toBe(0);
    }
    const { rows } = await db.query<{ credited_document_id: string }>(
      `select credited_document_id from public.tax_documents where id = $1`,
      [credit!.id],
    );
    expect(rows[0]!.credited_document_id).toBe(invoice!.id);
  });

  it('a signed-in customer reads the invoice and credit note of their own orders only', async () => {
    const programId = await program(2_000, 'KES', 'B');
    const own = await order('KES', [{ programId, seats: 1 }]);
    const other = await order('KES', [{ programId, seats: 1 }]);
    // The other order is someone else's (changed before its invoice fixes the buyer).
    await db.query(`update public.orders set customer_email = 'someone@example.com' where id = $1`, [other]);
    await pay(own);
    await pay(other);
    await db.query(`update public.orders set status = 'cancelled' where id = $1`, [own]);
    const userId = randomUUID();
    const sessionId = randomUUID();
    await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [
      userId,
      'buyer@example.com',
    ]);
    await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
    await db.query('begin');
    try {
      await db.query('set local role authenticated');
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: userId, role: 'authenticated', email: 'buyer@example.com', session_id: sessionId }),
      ]);
      const { rows } = await db.query<{ order_id: string; kind: string }>(
        'select order_id, kind from public.tax_documents order by kind',
      );
      expect(rows).toEqual([
        { order_id: own, kind: 'credit_note' },
        { order_id: own, kind: 'tax_invoice' },
      ]);
      // The lines are for the PDF, which comes by the order's token.
      const lines = await db.query('select 1 from public.tax_document_lines');
      expect(lines.rowCount).toBe(0);
    } finally {
      await db.query('rollback');
    }
  });

  it('credits the VAT its invoice charged, though finance changed the rate in between', async () => {
    const programId = await program(11_600, 'KES', 'B');
    const orderId = await order('KES', [{ programId, seats: 1 }]);
    await pay(orderId);
    await db.query(`update public.tax_classes set rate_basis_points = 1800 where id = 'B'`);
    try {
      await db.query(`update public.orders set status = 'cancelled' where id = $1`, [orderId]);
    } finally {
      await db.query(`update public.tax_classes set rate_basis_points = 1600 where id = 'B'`);
    }
    const [invoice, credit] = await documents(orderId);
    expect(invoice!.vat_kes).toBe('1600.00');
    expect(credit!.vat_kes).toBe('-1600.00');
  });

  it('is not issued for an order cancelled before payment', async () => {
    const programId = await program(1_000, 'KES', 'B');
    const orderId = await order('KES', [{ programId, seats: 1 }]);
    await db.query(`update public.orders set status = 'cancelled' where id = $1`, [orderId]);
    expect(await documents(orderId)).toEqual([]);
  });
});

describe('one rule on both sides', () => {
  it("the database's VAT inside an amount is domain/vat.ts's, credits included", async () => {
    const amounts = [0, 1, 99, 100, 116, 2_900, 3_800_000, 1_234_567, 999_999_999, 7, 13, 29, 58, 87];
    for (const gross of [...amounts, ...amounts.map((a) => -a)]) {
      for (const rate of [0, 800, 1600, 1450]) {
        const { rows } = await db.query<{ vat: string }>(`select private.vat_inside_cents($1, $2)::text as vat`, [
          gross,
          rate,
        ]);
        const expected = splitInclusiveCents(gross, { code: 'B', label: 'test', rateBasisPoints: rate }).vatCents;
        // + 0: the integer arithmetic's -0 is the database's 0.
        expect(Number(rows[0]!.vat), `${gross} at ${rate}`).toBe(expected + 0);
      }
    }
  });

  it('the orders table accepts exactly the KRA PINs domain/kra-pin.ts accepts', async () => {
    const programId = await program(1_000, 'KES', 'B');
    const orderId = await order('KES', [{ programId, seats: 1 }]);
    const typed = [
      'P051234567X',
      'p051234567x',
      'A 123456789 b',
      'P05123456X',
      'P0512345678X',
      '1051234567X',
      'PP51234567X',
    ];
    for (const value of typed.map(normaliseKraPin)) {
      const stored = await db.query(`update public.orders set buyer_kra_pin = $2 where id = $1`, [orderId, value]).then(
        () => true,
        () => false,
      );
      expect(stored, value).toBe(isKraPin(value));
    }
  });
});
