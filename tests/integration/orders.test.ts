/**
 * The checkout's order function through the whole stack, as the browser calls it: unmodified
 * supabase-js (anon key) -> gateway -> PostgREST -> create_order / get_order / submit_mpesa_code.
 * Each test orders from its own loopback address (a client of its own for the throttle) and
 * on programs and intakes it makes itself.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { day, line, makeIntake, makeProgram, orderArgs, people, type OrderArgs } from './support/orders.ts';
import { pdfText } from '../support/pdf-text.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { passSecondFactor } from '../support/second-factor.ts';

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

/** An anonymous visitor with an address of its own. */
function visitor(): Client {
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  return client;
}

async function place(client: Client, args: OrderArgs) {
  return client.rpc('create_order', args).single();
}

/** The refusal's field, reason and HTTP status, for asserting one refusal. */
async function refusal(client: Client, args: OrderArgs) {
  const { data, error, status } = await place(client, args);
  expect(data).toBeNull();
  return { status, field: error?.details, reason: error?.hint, message: error?.message };
}

async function orderRow(reference: string) {
  const { data, error } = await admin
    .from('orders')
    .select(
      'id, total_usd, total_kes, kes_per_usd, currency, customer_phone, order_items(title, unit_price, currency, quantity, intake_id)',
    )
    .eq('reference', reference)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function seatsLeft(intakeId: string): Promise<number | null> {
  const { data, error } = await admin.from('public_program_intakes').select('seats_left').eq('id', intakeId).single();
  if (error) throw new Error(error.message);
  return data.seats_left;
}

/**
 * Runs `count` orders at once and makes them truly overlap: the reference numbering (the last
 * step of every order) is held back until at least 8 of them (PostgREST's pool allows 10 at a
 * time) wait on a lock, so each has made its checks before any commits.
 */
async function overlapping<T>(count: number, order: () => Promise<T>): Promise<T[]> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query('lock table private.order_reference_counters in share mode');
    const pending = Promise.all(Array.from({ length: count }, order));
    await vi.waitFor(
      async () => {
        // Each order waiting on a lock (the numbering, an intake row, a key) has one lock not granted.
        const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_locks where not granted`);
        expect(rows[0]!.n).toBeGreaterThanOrEqual(Math.min(8, count));
      },
      { timeout: 10_000, interval: 50 },
    );
    await db.query('commit');
    return await pending;
  } finally {
    await db.end();
  }
}

describe('create_order', () => {
  it('charges the catalogue price, whatever the browser sent about prices', async () => {
    const program = await makeProgram(admin, { price_amount: 1250, currency: 'USD' });
    const intake = await makeIntake(admin, program.id);
    const tampered = {
      ...line(program.id, intake, 2),
      price: 1,
      unit_price: 1,
      price_amount: 1,
      currency: 'KES',
      title: 'Free',
    };
    const { data, error } = await place(visitor(), orderArgs([tampered]));
    expect(error).toBeNull();
    const row = await orderRow(data!.reference);
    expect(row.order_items).toEqual([
      {
        title: expect.stringMatching(/^Order test program/),
        unit_price: 1250,
        currency: 'USD',
        quantity: 2,
        intake_id: intake,
      },
    ]);
    expect(row.total_usd).toBe(2500);
  });

  it('keeps both totals exact to the cent for a mixed USD and KES order, with the rate', async () => {
    const usd = await makeProgram(admin, { price_amount: 1250.5, currency: 'USD' });
    const kes = await makeProgram(admin, { price_amount: 52000, currency: 'KES' });
    const client = visitor();
    const { data, error } = await place(client, orderArgs([line(usd.id, null, 3), line(kes.id, null, 2)]));
    expect(error).toBeNull();
    const row = await orderRow(data!.reference);
    // 3 x 1250.50 USD + 2 x 52000 KES at 129.16 KES per USD, rounded once:
    // USD 3751.50 + 104000 / 129.16 = 3751.50 + 805.1997... = 4556.70
    // KES 3751.50 x 129.16 + 104000 = 484543.74 + 104000 = 588543.74
    expect(row).toMatchObject({ kes_per_usd: 129.16, total_usd: 4556.7, total_kes: 588543.74, currency: 'USD' });
    // No intake exists for these programs: the lines wait for the next one.
    expect(row.order_items.map((i) => i.intake_id)).toEqual([null, null]);

    const order = await client.rpc('get_order', { token: data!.token });
    expect(order.data).toMatchObject({ total_usd: 4556.7, total_kes: 588543.74, kes_per_usd: 129.16 });
  });

  it('gives sequential references of the form ASC-<year>-<6 digits> and 43-character tokens', async () => {
    const program = await makeProgram(admin);
    const client = visitor();
    const first = await place(client, orderArgs([line(program.id, null, 1)]));
    const second = await place(client, orderArgs([line(program.id, null, 1)]));
    const year = new Date(Date.now() + 3 * 3_600_000).getUTCFullYear();
    for (const { data } of [first, second]) {
      expect(data!.reference).toMatch(new RegExp(`^ASC-${year}-\\d{6}$`));
      expect(data!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const number = (reference: string) => Number(reference.slice(-6));
    expect(number(second.data!.reference)).toBeGreaterThan(number(first.data!.reference));
    expect(second.data!.token).not.toBe(first.data!.token);
  });

  it('books the next available intake with room when none is chosen', async () => {
    const program = await makeProgram(admin);
    const full = await makeIntake(admin, program.id, { starts_on: day(10), ends_on: day(11), capacity: 2 });
    const next = await makeIntake(admin, program.id, { starts_on: day(40), ends_on: day(41) });
    await makeIntake(admin, program.id, { starts_on: day(80), ends_on: day(81) });
    expect((await place(visitor(), orderArgs([line(program.id, full, 2)]))).error).toBeNull();
    const { data } = await place(visitor(), orderArgs([line(program.id, null, 1)]));
    expect((await orderRow(data!.reference)).order_items[0]!.intake_id).toBe(next);
  });

  describe('refuses, naming the field', () => {
    it('unknown and unpublished programs', async () => {
      const draft = await makeProgram(admin, { is_published: false });
      const client = visitor();
      for (const programId of [randomUUID(), draft.id]) {
        expect(await refusal(client, orderArgs([line(programId, null, 1)]))).toEqual({
          status: 400,
          field: 'items.0.program_id',
          reason: 'program_not_found',
          message: 'This program is no longer available. Please remove it from your cart.',
        });
      }
    });

    it('unknown, unpublished, past, started and full intakes, and another program’s intake', async () => {
      const program = await makeProgram(admin);
      const other = await makeProgram(admin);
      const cases: Array<[string, string, string]> = [
        [randomUUID(), 'intake_not_found', 'This intake is not available. Please choose another.'],
        [
          await makeIntake(admin, program.id, { is_published: false }),
          'intake_not_found',
          'This intake is not available. Please choose another.',
        ],
        [await makeIntake(admin, other.id), 'intake_not_found', 'This intake is not available. Please choose another.'],
        [
          await makeIntake(admin, program.id, { starts_on: day(-20), ends_on: day(-18) }),
          'intake_closed',
          'This intake has already started. Please choose another.',
        ],
        [
          await makeIntake(admin, program.id, { starts_on: day(0), ends_on: day(2) }),
          'intake_closed',
          'This intake has already started. Please choose another.',
        ],
      ];
      const client = visitor();
      for (const [intake, reason, message] of cases) {
        expect(await refusal(client, orderArgs([line(program.id, intake, 1)]))).toEqual({
          status: 400,
          field: 'items.0.intake_id',
          reason,
          message,
        });
      }
      const small = await makeIntake(admin, program.id, { starts_on: day(50), ends_on: day(50), capacity: 3 });
      expect(await refusal(client, orderArgs([line(program.id, small, 4)]))).toMatchObject({
        field: 'items.0.intake_id',
        reason: 'intake_full',
        message: 'Only 3 seats are left on this intake.',
      });
      expect((await place(client, orderArgs([line(program.id, small, 3)]))).error).toBeNull();
      expect(await refusal(client, orderArgs([line(program.id, small, 1)]))).toMatchObject({
        reason: 'intake_full',
        message: 'This intake is full. Please choose another.',
      });
    });

    it.each([0, -1, 1.5, 51, '2', null])('a quantity of %s', async (quantity) => {
      const program = await makeProgram(admin);
      const args = orderArgs([{ program_id: program.id, intake_id: null, quantity, participants: people(2) }]);
      expect(await refusal(visitor(), args)).toEqual({
        status: 400,
        field: 'items.0.quantity',
        reason: 'invalid_quantity',
        message: 'The number of participants must be a whole number from 1 to 50.',
      });
    });

    it('a whole number written with decimals (3.0), in words rather than a raw 22P02', async () => {
      const program = await makeProgram(admin);
      const args = orderArgs([{ program_id: program.id, intake_id: null, quantity: 3.0, participants: people(3) }]);
      // JSON.stringify writes 3.0 as 3: send the body as a client that keeps the decimal would.
      const body = JSON.stringify(args).replace('"quantity":3', '"quantity":3.0');
      const dispatcher = new Agent({ localAddress: loopbackAddress() });
      closers.push(() => dispatcher.close());
      const response = await fetch(`${stack.apiUrl}/rest/v1/rpc/create_order`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${stack.anonKey}`,
          'content-type': 'application/json',
        },
        body,
        dispatcher,
      } as RequestInit);
      expect(body).toContain('"quantity":3.0');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'P0001',
        details: 'items.0.quantity',
        hint: 'invalid_quantity',
        message: 'The number of participants must be written as a whole number without decimals (3, not 3.0).',
      });
    });

    it('malformed contact details and choices, each beside its field', async () => {
      const program = await makeProgram(admin);
      const lines = [line(program.id, null, 1)];
      const cases: Array<[Partial<OrderArgs>, string, string]> = [
        [{ buyer_name: '   ' }, 'buyer_name', 'invalid_name'],
        [{ buyer_email: 'not-an-email' }, 'buyer_email', 'invalid_email'],
        [{ buyer_email: 'a@b' }, 'buyer_email', 'invalid_email'],
        [{ buyer_phone: '12345' }, 'buyer_phone', 'invalid_phone'],
        [{ buyer_phone: '0812 345 678' }, 'buyer_phone', 'invalid_phone'],
        [{ buyer_phone: '+254 712 345 67' }, 'buyer_phone', 'invalid_phone'],
        [{ buyer_phone: 'call me' }, 'buyer_phone', 'invalid_phone'],
        [{ organisation: 'x'.repeat(201) }, 'organisation', 'invalid_organisation'],
        [{ po_number: 'x'.repeat(51) }, 'po_number', 'invalid_po_number'],
        [{ payment_method: 'cash' }, 'payment_method', 'invalid_payment_method'],
        [{ accepted_terms: false }, 'accepted_terms', 'terms_not_accepted'],
        [{ idempotency_key: 'abc' }, 'idempotency_key', 'invalid_idempotency_key'],
        [{ items: [] }, 'items', 'no_items'],
      ];
      const client = visitor();
      for (const [override, field, reason] of cases) {
        const result = await refusal(client, orderArgs(lines, override));
        expect({ field: result.field, reason: result.reason, status: result.status }).toEqual({
          field,
          reason,
          status: 400,
        });
        expect(result.message).toMatch(/\.$/);
      }
    });

    it('lines without one named participant per seat, and the same program twice', async () => {
      const program = await makeProgram(admin);
      const client = visitor();
      const twoSeats = line(program.id, null, 2);
      expect(await refusal(client, orderArgs([{ ...twoSeats, participants: people(1) }]))).toMatchObject({
        field: 'items.0.participants',
        reason: 'participants_mismatch',
      });
      expect(
        await refusal(client, orderArgs([{ ...twoSeats, participants: [{ name: 'A' }, { name: ' ' }] }])),
      ).toMatchObject({
        field: 'items.0.participants.1.name',
        reason: 'invalid_participant_name',
      });
      expect(
        await refusal(
          client,
          orderArgs([{ ...twoSeats, participants: [{ name: 'A', email: 'nope' }, { name: 'B' }] }]),
        ),
      ).toMatchObject({ field: 'items.0.participants.0.email', reason: 'invalid_participant_email' });
      expect(await refusal(client, orderArgs([line(program.id, null, 1), line(program.id, null, 1)]))).toMatchObject({
        field: 'items.1.program_id',
        reason: 'duplicate_program',
      });
    });
  });

  it('accepts Kenyan and international phone numbers and stores them as E.164', async () => {
    const program = await makeProgram(admin);
    const client = visitor();
    const cases: Array<[string, string]> = [
      ['0712 345 678', '+254712345678'],
      ['0112-345-678', '+254112345678'],
      ['+254 712 345 678', '+254712345678'],
      ['254712345678', '+254712345678'],
      ['+44 20 7946 0958', '+442079460958'],
      ['0044 (20) 7946.0958', '+442079460958'],
    ];
    for (const [given, stored] of cases) {
      const { data, error } = await place(client, orderArgs([line(program.id, null, 1)], { buyer_phone: given }));
      expect(error).toBeNull();
      expect((await orderRow(data!.reference)).customer_phone).toBe(stored);
    }
  });

  it('sells the last 5 seats of an intake to exactly 5 of 20 concurrent orders', async () => {
    const program = await makeProgram(admin);
    const intake = await makeIntake(admin, program.id, { capacity: 12 });
    expect((await place(visitor(), orderArgs([line(program.id, intake, 7)]))).error).toBeNull();
    expect(await seatsLeft(intake)).toBe(5);

    const results = await overlapping(20, () => place(visitor(), orderArgs([line(program.id, intake, 1)])));
    const made = results.filter((r) => r.error === null);
    const refused = results.filter((r) => r.error !== null);
    expect(made).toHaveLength(5);
    expect(refused.map((r) => r.error?.hint)).toEqual(Array(15).fill('intake_full'));
    expect(await seatsLeft(intake)).toBe(0);
    const { data: booked } = await admin.from('order_items').select('quantity').eq('intake_id', intake);
    expect(booked!.reduce((sum, row) => sum + row.quantity, 0)).toBe(12);
  });

  it('frees the seats of a cancelled order', async () => {
    const program = await makeProgram(admin);
    const intake = await makeIntake(admin, program.id, { capacity: 4 });
    const { data } = await place(visitor(), orderArgs([line(program.id, intake, 4)]));
    expect(await seatsLeft(intake)).toBe(0);
    const { error } = await admin.from('orders').update({ status: 'cancelled' }).eq('reference', data!.reference);
    expect(error).toBeNull();
    expect(await seatsLeft(intake)).toBe(4);
    expect((await place(visitor(), orderArgs([line(program.id, intake, 4)]))).error).toBeNull();
  });

  it('makes one order for one idempotency key, sent twice or ten times at once', async () => {
    const program = await makeProgram(admin);
    const client = visitor();
    const args = orderArgs([line(program.id, null, 1)]);
    const first = await place(client, args);
    const again = await place(client, args);
    expect(first.data).toMatchObject({ replayed: false });
    expect(again.data).toEqual({ ...first.data, replayed: true });

    const concurrent = orderArgs([line(program.id, null, 2)]);
    const results = await overlapping(10, () => place(visitor(), concurrent));
    expect(results.map((r) => r.error)).toEqual(Array(10).fill(null));
    expect(new Set(results.map((r) => r.data!.reference)).size).toBe(1);
    expect(results.filter((r) => !r.data!.replayed)).toHaveLength(1);
    const { data: rows } = await admin.from('orders').select('id').eq('idempotency_key', concurrent.idempotency_key);
    expect(rows).toHaveLength(1);

    // The same key for a different order is a mistake, not a replay.
    expect(await refusal(client, { ...args, buyer_name: 'Someone Else' })).toMatchObject({
      field: 'idempotency_key',
      reason: 'idempotency_key_reused',
    });
  });

  it('asks a client for a proof of work past 10 orders in 10 minutes, without slowing anyone else', async () => {
    const program = await makeProgram(admin);
    const flooderAddress = loopbackAddress();
    const { client: flooder, close } = clientFrom(flooderAddress, stack.apiUrl, stack.anonKey);
    closers.push(close);
    for (let i = 0; i < 10; i++)
      expect((await place(flooder, orderArgs([line(program.id, null, 1)]))).error).toBeNull();
    const { error, status } = await place(flooder, orderArgs([line(program.id, null, 1)]));
    expect(status).toBe(429);
    expect(error).toMatchObject({ code: 'PT429', hint: 'proof_required' });
    // A forged Cloudflare header does not make the same client someone else.
    const forged = clientFrom(flooderAddress, stack.apiUrl, stack.anonKey, { 'cf-connecting-ip': '203.0.113.9' });
    closers.push(forged.close);
    expect((await place(forged.client, orderArgs([line(program.id, null, 1)]))).status).toBe(429);
    // Another visitor still orders.
    expect((await place(visitor(), orderArgs([line(program.id, null, 1)]))).error).toBeNull();
  });
});

describe('reading an order', () => {
  it('by its token only: a wrong token reveals nothing; anon and other users cannot read orders', async () => {
    const program = await makeProgram(admin);
    const client = visitor();
    const { data } = await place(client, orderArgs([line(program.id, null, 1)], { buyer_name: 'Token Holder' }));
    const mine = await client.rpc('get_order', { token: data!.token });
    expect(mine.data).toMatchObject({ reference: data!.reference, buyer: { name: 'Token Holder' }, status: 'pending' });

    for (const token of [
      data!.token.slice(0, -1) + (data!.token.endsWith('A') ? 'B' : 'A'),
      '',
      'x',
      `${data!.token}x`,
    ]) {
      expect(await client.rpc('get_order', { token })).toMatchObject({ data: null, error: null, status: 200 });
    }
    const direct = await client.from('orders').select('id').eq('reference', data!.reference);
    expect(direct.error).toMatchObject({ code: '42501' });
  });

  it('by staff, through RLS, and not by a signed-in user who is not staff', async () => {
    const program = await makeProgram(admin);
    const { data } = await place(visitor(), orderArgs([line(program.id, null, 1)]));
    const password = `Orders-${randomUUID()}`;
    const signIn = async (label: string, staff: boolean) => {
      const email = `orders-${label}-${randomUUID()}@ascent.example`;
      const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      if (created.error) throw new Error(created.error.message);
      if (staff) expect((await admin.from('staff').insert({ user_id: created.data.user.id, email })).error).toBeNull();
      const client = createClient<Database>(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
      expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
      if (staff) await passSecondFactor(client);
      return { client, id: created.data.user.id };
    };
    const staff = await signIn('staff', true);
    const user = await signIn('user', false);
    try {
      const seen = await staff.client
        .from('orders')
        .select('reference, order_items(title, order_participants(full_name))')
        .eq('reference', data!.reference);
      expect(seen).toMatchObject({
        error: null,
        data: [{ reference: data!.reference, order_items: [{ order_participants: [{ full_name: 'Participant 1' }] }] }],
      });
      expect(await user.client.from('orders').select('id').eq('reference', data!.reference)).toMatchObject({
        error: null,
        data: [],
      });
    } finally {
      for (const { id } of [staff, user]) expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    }
  });

  it('lets an M-Pesa customer submit a well-formed confirmation code by token', async () => {
    const program = await makeProgram(admin);
    const client = visitor();
    const mpesa = await place(client, orderArgs([line(program.id, null, 1)], { payment_method: 'mpesa' }));
    const invoice = await place(client, orderArgs([line(program.id, null, 1)]));

    const bad = await client.rpc('submit_mpesa_code', { token: mpesa.data!.token, code: 'QJK7XYZ12' });
    expect(bad.error).toMatchObject({ details: 'code', hint: 'invalid_mpesa_code' });
    const wrong = await client.rpc('submit_mpesa_code', { token: 'x'.repeat(43), code: 'QJK7XYZ123' });
    expect(wrong.error).toMatchObject({ details: 'token', hint: 'order_not_found', message: 'Order not found.' });
    const notMpesa = await client.rpc('submit_mpesa_code', { token: invoice.data!.token, code: 'QJK7XYZ123' });
    expect(notMpesa.error).toMatchObject({ details: 'code', hint: 'not_mpesa_order' });

    const ok = await client.rpc('submit_mpesa_code', { token: mpesa.data!.token, code: ' qjk7xyz123 ' });
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ mpesa_code: 'QJK7XYZ123', reference: mpesa.data!.reference });
  });
});

describe('the pro-forma invoice', () => {
  it('is a PDF by token with the institute, bank details, buyer, PO, lines, both totals and the rate', async () => {
    const usd = await makeProgram(admin, { title: 'Invoice Leadership Course', price_amount: 450, currency: 'USD' });
    const kes = await makeProgram(admin, { title: 'Invoice Finance Course', price_amount: 65000, currency: 'KES' });
    const intake = await makeIntake(admin, usd.id, {
      starts_on: day(60),
      ends_on: day(62),
      is_online: true,
      venue: null,
    });
    const { data } = await place(
      visitor(),
      orderArgs([line(usd.id, intake, 2), line(kes.id, null, 1)], {
        buyer_name: 'Akinyi Odhiambo',
        organisation: 'Lake Basin Authority',
        po_number: 'LBA/PO/2026/118',
        payment_method: 'mpesa',
      }),
    );
    const response = await fetch(`${stack.apiUrl}/functions/v1/order-invoice?token=${data!.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${data!.reference}-pro-forma-invoice.pdf"`,
    );
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    for (const expected of [
      'PRO-FORMA INVOICE',
      `Reference: ${data!.reference}`,
      // The site's words for the status and the customer's choice, not the database's codes.
      'Status: Awaiting payment',
      'Payment: M-Pesa Paybill',
      'Ascent',
      'KRA PIN P051234567X',
      'Akinyi Odhiambo',
      'Lake Basin Authority',
      'Purchase order: LBA/PO/2026/118',
      'Invoice Leadership Course 2 USD 450.00 USD 900.00',
      'Invoice Finance Course 1 KES 65,000.00 KES 65,000.00',
      'Online',
      'Participants: Participant 1, Participant 2',
      // 900 + 65000 / 129.16 = 1403.25; 900 x 129.16 + 65000 = 181244.
      'Total (USD) USD 1,403.25',
      'Total (KES) KES 181,244.00',
      '1 USD = 129.16 KES',
      `business number 522533, account number ${data!.reference}`,
      'Account number: 1234567890',
      'Kenya Commercial Bank',
    ])
      expect(text).toContain(expected);
  });

  it('is printed for an order without a phone (orders.customer_phone may be null)', async () => {
    const program = await makeProgram(admin, { title: 'Invoice Phoneless Course', price_amount: 300, currency: 'USD' });
    const { data } = await place(visitor(), orderArgs([line(program.id, null, 1)], { buyer_name: 'Njeri Wambui' }));
    const cleared = await admin.from('orders').update({ customer_phone: null }).eq('reference', data!.reference);
    expect(cleared.error).toBeNull();
    const response = await fetch(`${stack.apiUrl}/functions/v1/order-invoice?token=${data!.token}`);
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain('Njeri Wambui');
    expect(text).not.toContain('null');
  });

  it('answers 404 for a wrong token, revealing nothing', async () => {
    for (const token of ['x'.repeat(43), 'short', '']) {
      const response = await fetch(`${stack.apiUrl}/functions/v1/order-invoice?token=${token}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Order not found.');
    }
  });
});
