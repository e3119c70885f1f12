/**
 * Vouchers (issue 30) through the whole stack, as the checkout calls create_order: the discount is
 * applied by the database, a limited code is refused once used up, and racing checkouts never
 * use it more often than it allows (real parallel connections through PostgREST's pool).
 */
import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, TablesInsert } from '../../supabase/database.types.ts';
import { capturedMail } from '../support/mail-capture.ts';
import { pdfText } from '../support/pdf-text.ts';
import { signedInAccount } from './support/accounts.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeIntake, makeProgram, orderArgs, type OrderArgs } from './support/orders.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

type Client = SupabaseClient<Database>;

let stack: StackInfo;
let admin: Client;
const closers: Array<() => Promise<void>> = [];

beforeAll(() => {
  stack = stackInfo();
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

/** An anonymous visitor with an address of its own (the order throttle is per client). */
function visitor(): Client {
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  return client;
}

async function place(args: OrderArgs) {
  return visitor().rpc('create_order', args).single();
}

async function makeVoucher(fields: Partial<TablesInsert<'vouchers'>>): Promise<{ id: string; code: string }> {
  const code = `TEST-${randomBytes(5).toString('hex').toUpperCase()}`;
  const { data, error } = await admin
    .from('vouchers')
    .insert({ code, kind: 'percent_off', percent_off: 20, ...fields })
    .select('id, code')
    .single();
  if (error) throw new Error(`voucher fixture: ${error.message}`);
  return data;
}

async function order(reference: string) {
  const { data, error } = await admin
    .from('orders')
    .select(
      'id, total_usd, voucher_code, order_items(unit_price, quantity, discounted_seats, discount_amount, line_total)',
    )
    .eq('reference', reference)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

/**
 * Starts `count` calls at once and makes them truly overlap: the reference numbering (a step
 * after the voucher check) is held back until every call waits on a lock, the first on the
 * numbering and the others on the voucher's row.
 */
async function overlapping<T>(count: number, call: () => Promise<T>): Promise<T[]> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query('lock table private.order_reference_counters in share mode');
    const pending = Promise.all(Array.from({ length: count }, call));
    await vi.waitFor(
      async () => {
        const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_locks where not granted`);
        expect(rows[0]!.n).toBeGreaterThanOrEqual(count);
      },
      { timeout: 20_000, interval: 50 },
    );
    await db.query('commit');
    return await pending;
  } finally {
    await db.end();
  }
}

describe('vouchers at checkout', () => {
  it('takes 20 % off one program for 3 orders and refuses the 4th in words', async () => {
    const program = await makeProgram(admin, { price_amount: 1250, currency: 'USD' });
    const other = await makeProgram(admin, { price_amount: 400, currency: 'USD' });
    const intake = await makeIntake(admin, program.id);
    const voucher = await makeVoucher({ scope: 'programs', program_ids: [program.id], max_uses: 3 });

    for (let use = 1; use <= 3; use++) {
      // Typed in small letters with a space: codes are case-insensitive.
      const typed = ` ${voucher.code.toLowerCase()}`;
      const { data, error } = await place(
        orderArgs([line(program.id, intake, 2), line(other.id, null, 1)], { voucher_code: typed }),
      );
      expect(error).toBeNull();
      const row = await order(data!.reference);
      expect(row.voucher_code).toBe(voucher.code);
      // 2 x 1250 less 20 % = 2000; the other program is not covered.
      expect(row.order_items).toEqual(
        expect.arrayContaining([
          { unit_price: 1250, quantity: 2, discounted_seats: 2, discount_amount: 500, line_total: 2000 },
          { unit_price: 400, quantity: 1, discounted_seats: 0, discount_amount: 0, line_total: 400 },
        ]),
      );
      expect(row.total_usd).toBe(2400);
      const { data: redemption } = await admin
        .from('voucher_redemptions')
        .select('voucher_id, seats, discount_amount, currency')
        .eq('order_id', row.id)
        .single();
      expect(redemption).toEqual({ voucher_id: voucher.id, seats: 2, discount_amount: 500, currency: 'USD' });
    }

    const fourth = await place(orderArgs([line(program.id, intake, 1)], { voucher_code: voucher.code }));
    expect(fourth.data).toBeNull();
    expect(fourth.status).toBe(400);
    expect(fourth.error).toMatchObject({
      details: 'voucher_code',
      hint: 'voucher_used_up',
      message: 'This code has been used as many times as it allows. Please remove it to place your order without it.',
    });
  });

  it('lets exactly 3 of 6 racing checkouts use a code limited to 3 uses', async () => {
    // A program each without intakes: no intake row lock lines the orders up, only the voucher's.
    const programs = await Promise.all(Array.from({ length: 6 }, () => makeProgram(admin)));
    const voucher = await makeVoucher({ max_uses: 3 });

    let next = 0;
    const results = await overlapping(6, () =>
      place(orderArgs([line(programs[next++]!.id, null, 1)], { voucher_code: voucher.code })),
    );
    const placed = results.filter((r) => r.error === null);
    const refused = results.filter((r) => r.error !== null);
    expect(placed).toHaveLength(3);
    expect(refused.map((r) => r.error?.hint)).toEqual(['voucher_used_up', 'voucher_used_up', 'voucher_used_up']);
    const { count } = await admin
      .from('voucher_redemptions')
      .select('id', { count: 'exact', head: true })
      .eq('voucher_id', voucher.id);
    expect(count).toBe(3);
  });

  it('counts a repeated checkout attempt (same key) once, and refuses the key with another code', async () => {
    const program = await makeProgram(admin);
    const voucher = await makeVoucher({ max_uses: 1 });
    const other = await makeVoucher({});
    const args = orderArgs([line(program.id, null, 1)], { voucher_code: voucher.code });
    const client = visitor();
    const first = await client.rpc('create_order', args).single();
    const again = await client.rpc('create_order', args).single();
    expect(first.error).toBeNull();
    expect(again.data).toEqual({ ...first.data, replayed: true });
    const changed = await client.rpc('create_order', { ...args, voucher_code: other.code }).single();
    expect(changed.error?.hint).toBe('idempotency_key_reused');
    const { count } = await admin
      .from('voucher_redemptions')
      .select('id', { count: 'exact', head: true })
      .eq('voucher_id', voucher.id);
    expect(count).toBe(1);
  });

  it('gives a cancelled order’s use back', async () => {
    const program = await makeProgram(admin);
    const voucher = await makeVoucher({ max_uses: 1 });
    const first = await place(orderArgs([line(program.id, null, 1)], { voucher_code: voucher.code }));
    expect(first.error).toBeNull();
    expect((await place(orderArgs([line(program.id, null, 1)], { voucher_code: voucher.code }))).error?.hint).toBe(
      'voucher_used_up',
    );
    const { error } = await admin.from('orders').update({ status: 'cancelled' }).eq('reference', first.data!.reference);
    expect(error).toBeNull();
    expect((await place(orderArgs([line(program.id, null, 1)], { voucher_code: voucher.code }))).error).toBeNull();
  });

  it('refuses unknown, paused, expired, not yet valid and not applicable codes in words', async () => {
    const program = await makeProgram(admin, { price_amount: 9000, currency: 'KES' });
    const elsewhere = await makeProgram(admin);
    const refusal = async (code: string) => {
      const { data, error } = await place(orderArgs([line(program.id, null, 1)], { voucher_code: code }));
      expect(data).toBeNull();
      expect(error?.details).toBe('voucher_code');
      return { reason: error?.hint, message: error?.message };
    };
    expect(await refusal('NO-SUCH-CODE')).toEqual({
      reason: 'voucher_unknown',
      message: 'We do not recognise this code. Please check it, or remove it to place your order without it.',
    });
    expect((await refusal((await makeVoucher({ is_paused: true })).code)).reason).toBe('voucher_paused');
    const expired = await makeVoucher({ valid_from: '2026-01-01T00:00:00Z', valid_until: '2026-02-01T09:00:00Z' });
    expect(await refusal(expired.code)).toEqual({
      reason: 'voucher_expired',
      message: 'This code expired on 1 February 2026, 12:00.',
    });
    const later = await makeVoucher({ valid_from: '2099-03-01T05:00:00Z' });
    expect(await refusal(later.code)).toEqual({
      reason: 'voucher_not_yet_valid',
      message: 'This code can be used from 1 March 2099, 08:00.',
    });
    const notHere = await makeVoucher({ scope: 'programs', program_ids: [elsewhere.id] });
    expect(await refusal(notHere.code)).toEqual({
      reason: 'voucher_not_applicable',
      message:
        'This code does not apply to the programs in your cart. Please remove it to place your order without it.',
    });
    // An amount in dollars does not apply to a price in shillings.
    const dollars = await makeVoucher({ kind: 'amount_off', percent_off: null, amount: 50, currency: 'USD' });
    expect((await refusal(dollars.code)).reason).toBe('voucher_not_applicable');
  });

  it('sets a price and discounts no more seats per order than the voucher allows', async () => {
    const program = await makeProgram(admin, { price_amount: 9000, currency: 'KES' });
    const voucher = await makeVoucher({
      kind: 'set_price',
      percent_off: null,
      amount: 6000,
      currency: 'KES',
      max_seats_per_order: 2,
    });
    const { data, error } = await place(orderArgs([line(program.id, null, 3)], { voucher_code: voucher.code }));
    expect(error).toBeNull();
    const row = await order(data!.reference);
    expect(row.order_items).toEqual([
      { unit_price: 9000, quantity: 3, discounted_seats: 2, discount_amount: 6000, line_total: 21000 },
    ]);
  });

  it('shows vouchers to no anonymous visitor', async () => {
    await makeVoucher({});
    const { data, error } = await visitor().from('vouchers').select('code');
    expect(data ?? []).toEqual([]);
    expect(error?.code).toBe('42501');
    const redemptions = await visitor().from('voucher_redemptions').select('id');
    expect(redemptions.error?.code).toBe('42501');
    const usage = await visitor().rpc('voucher_usage');
    expect(usage.data).toBeNull();
    expect(usage.error).not.toBeNull();
  });

  it(
    'shows the discount on the pro-forma invoice, the confirmation e-mail and the tax invoice',
    { timeout: 120_000 },
    async () => {
      const program = await makeProgram(admin, { price_amount: 1200, currency: 'USD' });
      const voucher = await makeVoucher({ scope: 'programs', program_ids: [program.id] });
      const buyer = `voucher-docs-${randomBytes(4).toString('hex')}@example.com`;
      const { data, error } = await place(
        orderArgs([line(program.id, null, 1)], { voucher_code: voucher.code, buyer_email: buyer }),
      );
      expect(error).toBeNull();
      const spaced = (text: string) => text.replace(/\s+/g, ' ');
      // 20 % of USD 1,200; the totals after it (KES at the order's 129.16).
      const lineDiscount = `USD 240.00 off with code ${voucher.code} (1 seat)`;

      const proForma = await fetch(`${stack.apiUrl}/functions/v1/order-invoice?token=${data!.token}`);
      expect(proForma.status).toBe(200);
      const proFormaText = spaced(await pdfText(new Uint8Array(await proForma.arrayBuffer())));
      for (const expected of [lineDiscount, 'Discount (USD) -USD 240.00', 'Total (USD) USD 960.00'])
        expect(proFormaText).toContain(expected);

      await expect
        .poll(async () => (await capturedMail(stack.mailApiUrl, { to: buyer })).length, { timeout: 60_000 })
        .toBeGreaterThan(0);
      const [mail] = await capturedMail(stack.mailApiUrl, { to: buyer });
      expect(spaced(mail!.text ?? '')).toContain(lineDiscount);
      expect(spaced(mail!.text ?? '')).toContain(`Discount with code ${voucher.code}: USD 240.00 / KES 30,998.40`);

      // Paid as finance pays it: the database issues the tax invoice, its line after the discount.
      const { data: row } = await admin.from('orders').select('id').eq('reference', data!.reference).single();
      const staff = (await signedInAccount(stack, admin, { staff: true, label: 'voucher-payer' })).client;
      expect((await staff.rpc('set_order_status', { order_id: row!.id, status: 'confirmed' })).error).toBeNull();
      const payment = { order_id: row!.id, method: 'bank', reference: `FT${row!.id.slice(0, 8)}` };
      expect((await staff.rpc('record_order_payment', payment)).error).toBeNull();
      expect((await staff.rpc('set_order_status', { order_id: row!.id, status: 'paid' })).error).toBeNull();
      const { data: document } = await admin
        .from('tax_documents')
        .select('id, gross_kes, tax_document_lines(gross_kes, discount_kes)')
        .eq('order_id', row!.id)
        .single();
      expect(document).toMatchObject({
        gross_kes: 123993.6,
        tax_document_lines: [{ gross_kes: 123993.6, discount_kes: 30998.4 }],
      });
      const tax = await fetch(
        `${stack.apiUrl}/functions/v1/tax-document-pdf?document=${document!.id}&token=${data!.token}`,
      );
      expect(tax.status).toBe(200);
      const taxText = spaced(await pdfText(new Uint8Array(await tax.arrayBuffer())));
      expect(taxText).toContain('less a voucher discount of KES 30,998.40');
      expect(taxText).toContain('Total (KES) KES 123,993.60');
    },
  );
});
