/**
 * Early-bird prices (issue 30, item 2): create_order charges the early-bird price before its
 * deadline and the regular one from it on, deciding by the database clock. The clock is moved
 * with the test-only setting `ascent.test_now` (private.clock(), honoured for superuser sessions
 * only: the test stack's supabase_admin), so these orders are placed over a superuser connection
 * switched to the anon role, as PostgREST would call create_order.
 */
import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { line, makeIntake, makeProgram, orderArgs, type OrderArgs } from './support/orders.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

type Client = SupabaseClient<Database>;

let stack: StackInfo;
let admin: Client;
let db: pg.Client;

beforeAll(async () => {
  stack = stackInfo();
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  db = new pg.Client({ connectionString: stack.adminDatabaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
});

/** create_order called by an anonymous visitor (its own address) with the database clock at `clock`. */
async function placeAt(clock: Date, args: OrderArgs): Promise<string> {
  const names = Object.keys(args) as Array<keyof OrderArgs>;
  const values = names.map((name) => (name === 'items' ? JSON.stringify(args[name]) : args[name]));
  const call = names
    .map(
      (name, index) =>
        `${name} => $${index + 1}${name === 'items' ? '::jsonb' : name === 'accepted_terms' ? '::boolean' : '::text'}`,
    )
    .join(', ');
  const address = `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
  await db.query('begin');
  try {
    await db.query(`select set_config('ascent.test_now', $1, true)`, [clock.toISOString()]);
    await db.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
    await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': address })]);
    await db.query('set local role anon');
    const { rows } = await db.query<{ reference: string }>(
      `select reference from public.create_order(${call})`,
      values,
    );
    await db.query('commit');
    return rows[0]!.reference;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

async function order(reference: string) {
  const { data, error } = await admin
    .from('orders')
    .select(
      'total_usd, total_kes, order_items(unit_price, regular_unit_price, early_bird_until, quantity, discount_amount, line_total)',
    )
    .eq('reference', reference)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

const deadline = new Date(Date.now() + 10 * 86_400_000);
deadline.setUTCMilliseconds(0);
const before = new Date(deadline.getTime() - 60_000);
/** As PostgREST gives timestamptz: "2026-12-08T09:00:00+00:00". */
const stored = (at: Date) => at.toISOString().replace('.000Z', '+00:00');

describe('early-bird prices at checkout', () => {
  it('charges the early-bird price before its deadline and the regular one from it on', async () => {
    const program = await makeProgram(admin, {
      price_amount: 1250,
      currency: 'USD',
      early_bird_price: 1000,
      early_bird_until: deadline.toISOString(),
    });
    const intake = await makeIntake(admin, program.id);

    const early = await order(await placeAt(before, orderArgs([line(program.id, intake, 2)])));
    expect(early.order_items).toEqual([
      {
        unit_price: 1000,
        regular_unit_price: 1250,
        early_bird_until: stored(deadline),
        quantity: 2,
        discount_amount: 0,
        line_total: 2000,
      },
    ]);
    expect(early.total_usd).toBe(2000);

    const late = await order(await placeAt(deadline, orderArgs([line(program.id, intake, 2)])));
    expect(late.order_items).toEqual([
      {
        unit_price: 1250,
        regular_unit_price: null,
        early_bird_until: null,
        quantity: 2,
        discount_amount: 0,
        line_total: 2500,
      },
    ]);
    expect(late.total_usd).toBe(2500);
  });

  it('gives an intake’s early-bird over its program’s, and the program’s once the intake’s has passed', async () => {
    const intakeDeadline = new Date(deadline.getTime() - 86_400_000);
    const program = await makeProgram(admin, {
      price_amount: 130_000,
      currency: 'KES',
      early_bird_price: 110_000,
      early_bird_until: deadline.toISOString(),
    });
    const intake = await makeIntake(admin, program.id, {
      early_bird_price: 100_000,
      early_bird_until: intakeDeadline.toISOString(),
    });

    const first = await order(
      await placeAt(new Date(intakeDeadline.getTime() - 1000), orderArgs([line(program.id, intake, 1)])),
    );
    expect(first.order_items[0]).toMatchObject({
      unit_price: 100_000,
      regular_unit_price: 130_000,
      early_bird_until: stored(intakeDeadline),
    });
    expect(first.total_kes).toBe(100_000);

    const second = await order(await placeAt(intakeDeadline, orderArgs([line(program.id, intake, 1)])));
    expect(second.order_items[0]).toMatchObject({
      unit_price: 110_000,
      regular_unit_price: 130_000,
      early_bird_until: stored(deadline),
    });
    expect(second.total_kes).toBe(110_000);
  });

  it('takes a voucher off the early-bird price, and off the regular price after the deadline', async () => {
    const program = await makeProgram(admin, {
      price_amount: 1250,
      currency: 'USD',
      early_bird_price: 1000,
      early_bird_until: deadline.toISOString(),
    });
    const code = `EB-${randomBytes(5).toString('hex').toUpperCase()}`;
    const { error } = await admin
      .from('vouchers')
      .insert({ code, kind: 'percent_off', percent_off: 20, scope: 'programs', program_ids: [program.id] });
    expect(error).toBeNull();

    const early = await order(await placeAt(before, orderArgs([line(program.id, null, 2)], { voucher_code: code })));
    // 2 x 1000 less 20 %.
    expect(early.order_items[0]).toMatchObject({
      unit_price: 1000,
      regular_unit_price: 1250,
      discount_amount: 400,
      line_total: 1600,
    });
    expect(early.total_usd).toBe(1600);

    const late = await order(await placeAt(deadline, orderArgs([line(program.id, null, 2)], { voucher_code: code })));
    expect(late.order_items[0]).toMatchObject({
      unit_price: 1250,
      regular_unit_price: null,
      discount_amount: 500,
      line_total: 2000,
    });
    expect(late.total_usd).toBe(2000);
  });

  it('shows visitors an early-bird price only while it applies', async () => {
    const anon = createClient<Database>(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
    const open = await makeProgram(admin, {
      price_amount: 1250,
      early_bird_price: 1000,
      early_bird_until: deadline.toISOString(),
    });
    const passed = await makeProgram(admin, {
      price_amount: 1250,
      early_bird_price: 1000,
      early_bird_until: new Date(Date.now() - 60_000).toISOString(),
    });
    const { data } = await anon
      .from('public_training_programs')
      .select('id, price_amount, early_bird_price, early_bird_until')
      .in('id', [open.id, passed.id]);
    expect(data).toEqual(
      expect.arrayContaining([
        { id: open.id, price_amount: 1250, early_bird_price: 1000, early_bird_until: stored(deadline) },
        { id: passed.id, price_amount: 1250, early_bird_price: null, early_bird_until: null },
      ]),
    );
  });

  it('refuses an early-bird price without a deadline or not below the regular price', async () => {
    const program = await makeProgram(admin, { price_amount: 1250 });
    const noDeadline = await admin.from('training_programs').update({ early_bird_price: 900 }).eq('id', program.id);
    expect(noDeadline.error?.message).toContain('training_programs_early_bird_complete');
    const notLower = await admin
      .from('training_programs')
      .update({ early_bird_price: 1250, early_bird_until: deadline.toISOString() })
      .eq('id', program.id);
    expect(notLower.error?.message).toContain('training_programs_early_bird_lower');
  });

  it('ignores the test clock outside superuser sessions (postgres, as on a hosted project)', async () => {
    const owner = new pg.Client({ connectionString: stack.databaseUrl });
    await owner.connect();
    try {
      await owner.query('begin');
      await owner.query(`select set_config('ascent.test_now', '2030-01-01T00:00:00Z', true)`);
      const { rows } = await owner.query<{ unmoved: boolean }>(`select private.clock() = now() as unmoved`);
      expect(rows[0]!.unmoved).toBe(true);
      await owner.query('rollback');
    } finally {
      await owner.end();
    }
  });
});
