/**
 * The order workflow staff run from /admin/orders, through the whole stack as the admin calls it
 * (supabase-js with a staff session -> gateway -> PostgREST -> set_order_status and friends):
 * every allowed and refused status change, seats freed by a cancellation, payment references,
 * the M-Pesa code verdict, resending the confirmation e-mail, the dashboard's figures, and
 * every one of these refused to anyone who is not staff.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import type { Database } from '../../supabase/database.types.ts';
import { signedInAccount } from './support/accounts.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeIntake, makeProgram, orderArgs, type OrderArgs } from './support/orders.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

type Client = SupabaseClient<Database>;
type Status = 'pending' | 'confirmed' | 'paid' | 'cancelled';

let stack: StackInfo;
let admin: Client;
let staff: Client;
let staffId = '';
let user: Client;
let anon: Client;
let programId = '';
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  stack = stackInfo();
  const auth = { persistSession: false, autoRefreshToken: false };
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth });
  anon = createClient<Database>(stack.apiUrl, stack.anonKey, { auth });
  const staffAccount = await signedInAccount(stack, admin, { staff: true, label: 'workflow-staff' });
  staff = staffAccount.client;
  staffId = staffAccount.userId;
  user = (await signedInAccount(stack, admin, { staff: false, label: 'workflow-user' })).client;
  programId = (await makeProgram(admin, { price_amount: 400, currency: 'USD' })).id;
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

/** An order placed as a visitor from an address of its own (the throttle counts per client). */
async function place(args: OrderArgs): Promise<{ id: string; reference: string; token: string }> {
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  const { data, error } = await client.rpc('create_order', args).single();
  if (error) throw new Error(`create_order: ${error.message}`);
  const row = await admin.from('orders').select('id').eq('reference', data.reference).single();
  if (row.error) throw new Error(row.error.message);
  return { id: row.data.id, reference: data.reference, token: data.token };
}

async function newOrder(paymentMethod: 'invoice' | 'mpesa' = 'invoice') {
  return place(orderArgs([line(programId, null, 1)], { payment_method: paymentMethod }));
}

async function statusOf(orderId: string): Promise<string> {
  const { data, error } = await admin.from('orders').select('status').eq('id', orderId).single();
  if (error) throw new Error(error.message);
  return data.status;
}

function setStatus(client: Client, orderId: string, status: string) {
  return client.rpc('set_order_status', { order_id: orderId, status }).single();
}

/** Brings a fresh order to `status` along the allowed path. */
async function orderIn(status: Status): Promise<string> {
  const { id } = await newOrder();
  if (status === 'pending') return id;
  if (status === 'cancelled') {
    expect((await setStatus(staff, id, 'cancelled')).error).toBeNull();
    return id;
  }
  expect((await setStatus(staff, id, 'confirmed')).error).toBeNull();
  if (status === 'paid') {
    const recorded = await staff.rpc('record_order_payment', { order_id: id, method: 'bank', reference: 'FT26328XYZ' });
    expect(recorded.error).toBeNull();
    expect((await setStatus(staff, id, 'paid')).error).toBeNull();
  }
  return id;
}

describe('status transitions', () => {
  it.each([
    ['pending', 'confirmed'],
    ['pending', 'cancelled'],
    ['confirmed', 'cancelled'],
  ] as const)('staff move an order from %s to %s', async (from, to) => {
    const id = await orderIn(from);
    const { data, error } = await setStatus(staff, id, to);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, status: to, status_changed_at: expect.any(String) });
    expect(await statusOf(id)).toBe(to);
  });

  it('confirmed goes to paid once the payment reference is recorded', async () => {
    const id = await orderIn('confirmed');
    const early = await setStatus(staff, id, 'paid');
    expect(early.error).toMatchObject({ code: 'P0001', hint: 'payment_not_evidenced', details: 'status' });
    expect(early.error?.message).toMatch(/Record the payment reference/);
    expect(await statusOf(id)).toBe('confirmed');

    const recorded = await staff.rpc('record_order_payment', {
      order_id: id,
      method: 'bank',
      reference: '  FT-88231  ',
    });
    expect(recorded.error).toBeNull();
    const paid = await setStatus(staff, id, 'paid');
    expect(paid.error).toBeNull();
    expect(paid.data).toMatchObject({
      status: 'paid',
      payment_reference: 'FT-88231',
      payment_reference_method: 'bank',
    });
  });

  it.each([
    ['pending', 'paid', /Confirm the order before marking it paid/],
    ['pending', 'pending', /already pending/],
    ['confirmed', 'pending', /cannot go from confirmed to pending/],
    ['confirmed', 'confirmed', /already confirmed/],
    ['paid', 'pending', /already paid/],
    ['paid', 'confirmed', /already paid/],
    ['cancelled', 'pending', /already cancelled/],
    ['cancelled', 'confirmed', /already cancelled/],
    ['cancelled', 'paid', /already cancelled/],
  ] as const)('refuses %s -> %s with a clear error', async (from, to, message) => {
    const id = await orderIn(from);
    const { data, error } = await setStatus(staff, id, to);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'P0001', hint: 'transition_not_allowed', details: 'status' });
    expect(error?.message).toMatch(message);
    expect(await statusOf(id)).toBe(from);
  });

  it('refuses an unknown status and an unknown order', async () => {
    const id = await orderIn('pending');
    expect((await setStatus(staff, id, 'shipped')).error).toMatchObject({ hint: 'invalid_status' });
    const missing = await setStatus(staff, '00000000-0000-4000-8000-000000000000', 'confirmed');
    expect(missing.error).toMatchObject({ hint: 'order_not_found', details: 'order_id' });
    expect(await statusOf(id)).toBe('pending');
  });

  it('holds for every writer: the service role cannot skip a step either', async () => {
    const id = await orderIn('pending');
    const { error } = await admin.from('orders').update({ status: 'paid' }).eq('id', id);
    expect(error).toMatchObject({ code: 'P0001', hint: 'transition_not_allowed' });
    const reopened = await orderIn('cancelled');
    expect((await admin.from('orders').update({ status: 'pending' }).eq('id', reopened)).error).toMatchObject({
      hint: 'transition_not_allowed',
    });
    expect(await statusOf(id)).toBe('pending');
    expect(await statusOf(reopened)).toBe('cancelled');
  });
});

describe('the audit log', () => {
  it('records who changed an order through the staff functions, before and after', async () => {
    const id = await orderIn('pending');
    expect((await setStatus(staff, id, 'confirmed')).error).toBeNull();
    const { data, error } = await staff.rpc('audit_log_entries', { p_table_name: 'orders', p_row_id: id });
    expect(error).toBeNull();
    const change = data?.find((entry) => entry.action === 'UPDATE' || entry.action === 'update');
    expect(change).toMatchObject({
      actor_id: staffId,
      before: expect.objectContaining({ status: 'pending' }),
      after: expect.objectContaining({ status: 'confirmed' }),
    });
  });
});

describe('cancelling frees the seats', () => {
  it('a following order can take the seats a cancelled order held', async () => {
    const program = await makeProgram(admin);
    const intake = await makeIntake(admin, program.id, { capacity: 2 });
    const first = await place(orderArgs([line(program.id, intake, 2)]));
    const seatsLeft = async () => {
      const { data, error } = await anon.from('public_program_intakes').select('seats_left').eq('id', intake).single();
      if (error) throw new Error(error.message);
      return data.seats_left;
    };
    expect(await seatsLeft()).toBe(0);

    const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
    closers.push(close);
    const second = orderArgs([line(program.id, intake, 2)]);
    const refused = await client.rpc('create_order', second).single();
    expect(refused.error).toMatchObject({ hint: 'intake_full', details: 'items.0.intake_id' });

    expect((await setStatus(staff, first.id, 'confirmed')).error).toBeNull();
    expect((await setStatus(staff, first.id, 'cancelled')).error).toBeNull();
    expect(await seatsLeft()).toBe(2);

    const taken = await client.rpc('create_order', second).single();
    expect(taken.error).toBeNull();
    expect(taken.data?.replayed).toBe(false);
    expect(await seatsLeft()).toBe(0);
  });
});

describe('payment references and M-Pesa codes', () => {
  it('stores an M-Pesa reference upper-cased and refuses malformed references', async () => {
    const id = await orderIn('pending');
    const bad = await staff.rpc('record_order_payment', { order_id: id, method: 'mpesa', reference: 'QJK7' });
    expect(bad.error).toMatchObject({ hint: 'invalid_reference', details: 'reference' });
    const blank = await staff.rpc('record_order_payment', { order_id: id, method: 'bank', reference: '   ' });
    expect(blank.error).toMatchObject({ hint: 'invalid_reference' });
    const method = await staff.rpc('record_order_payment', { order_id: id, method: 'cash', reference: 'X1' });
    expect(method.error).toMatchObject({ hint: 'invalid_payment_method', details: 'method' });

    const good = await staff
      .rpc('record_order_payment', { order_id: id, method: 'mpesa', reference: 'qjk7 xyz123' })
      .single();
    expect(good.error).toBeNull();
    expect(good.data).toMatchObject({ payment_reference: 'QJK7XYZ123', payment_reference_method: 'mpesa' });
  });

  it('refuses a payment on a cancelled order', async () => {
    const id = await orderIn('cancelled');
    const { error } = await staff.rpc('record_order_payment', { order_id: id, method: 'bank', reference: 'FT1' });
    expect(error).toMatchObject({ hint: 'order_cancelled' });
  });

  it('a verified customer code lets a confirmed order be paid; a new code clears the verdict', async () => {
    const order = await newOrder('mpesa');
    const none = await staff.rpc('check_order_mpesa_code', { order_id: order.id, verdict: 'verified' });
    expect(none.error).toMatchObject({ hint: 'no_mpesa_code' });

    expect((await anon.rpc('submit_mpesa_code', { token: order.token, code: 'QJK7XYZ111' })).error).toBeNull();
    const rejected = await staff.rpc('check_order_mpesa_code', { order_id: order.id, verdict: 'rejected' }).single();
    expect(rejected.data).toMatchObject({ mpesa_code: 'QJK7XYZ111', mpesa_code_status: 'rejected' });

    // Confirmed orders still await payment: the customer may send a corrected code.
    expect((await setStatus(staff, order.id, 'confirmed')).error).toBeNull();
    expect((await anon.rpc('submit_mpesa_code', { token: order.token, code: 'QJK7XYZ222' })).error).toBeNull();
    const fresh = await admin.from('orders').select('mpesa_code, mpesa_code_status').eq('id', order.id).single();
    expect(fresh.data).toEqual({ mpesa_code: 'QJK7XYZ222', mpesa_code_status: null });
    expect((await setStatus(staff, order.id, 'paid')).error).toMatchObject({ hint: 'payment_not_evidenced' });

    const verified = await staff.rpc('check_order_mpesa_code', { order_id: order.id, verdict: 'verified' }).single();
    expect(verified.error).toBeNull();
    expect((await setStatus(staff, order.id, 'paid')).error).toBeNull();
    const closed = await staff.rpc('check_order_mpesa_code', { order_id: order.id, verdict: 'rejected' });
    expect(closed.error).toMatchObject({ hint: 'order_closed' });
  });
});

describe('resending the confirmation e-mail', () => {
  async function confirmationsTo(email: string, reference: string): Promise<CapturedMessage[]> {
    return capturedMail(stack.mailApiUrl, { to: email, subject: `Your Ascent order ${reference}` });
  }

  // The worker sends the whole run's order mail (PDFs rendered): other files' orders queue ahead.
  const mailWaitMs = 45_000;
  it('queues exactly one new mail, sent once', { timeout: 4 * mailWaitMs }, async () => {
    const args = orderArgs([line(programId, null, 1)]);
    const order = await place(args);
    await expect
      .poll(() => confirmationsTo(args.buyer_email, order.reference).then((m) => m.length), { timeout: mailWaitMs })
      .toBe(1);
    await expect
      .poll(
        async () =>
          (await admin.from('mail_outbox').select('status').eq('order_id', order.id).eq('status', 'sent')).data?.length,
        { timeout: mailWaitMs },
      )
      .toBe(2);

    // A confirmed order: the worker renders every status the workflow can reach.
    expect((await setStatus(staff, order.id, 'confirmed')).error).toBeNull();
    const { data: mailId, error } = await staff.rpc('resend_order_confirmation', { order_id: order.id });
    expect(error).toBeNull();
    expect(mailId).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => confirmationsTo(args.buyer_email, order.reference).then((m) => m.length), { timeout: mailWaitMs })
      .toBe(2);
    const rows = await admin
      .from('mail_outbox')
      .select('id, status')
      .eq('order_id', order.id)
      .eq('kind', 'order_confirmation');
    expect(rows.data).toHaveLength(2);
    await expect
      .poll(async () => (await admin.from('mail_outbox').select('status').eq('id', mailId!).single()).data?.status, {
        timeout: mailWaitMs,
      })
      .toBe('sent');
    // Sent rows are never sent again: still two mails after the worker has run once more.
    await expect.poll(() => confirmationsTo(args.buyer_email, order.reference).then((m) => m.length)).toBe(2);
  });

  it('refuses a second resend while one is still waiting to go out', async () => {
    const order = await newOrder();
    // Hold this order's mails back so the worker leaves them pending.
    const held = await admin
      .from('mail_outbox')
      .update({ next_attempt_at: new Date(Date.now() + 3_600_000).toISOString() })
      .eq('order_id', order.id)
      .eq('status', 'pending');
    expect(held.error).toBeNull();
    const { error } = await staff.rpc('resend_order_confirmation', { order_id: order.id });
    expect(error).toMatchObject({ hint: 'resend_already_queued' });
    const rows = await admin.from('mail_outbox').select('id').eq('order_id', order.id).eq('kind', 'order_confirmation');
    expect(rows.data).toHaveLength(1);
  });
});

describe('staff only', () => {
  it.each(['user', 'anon'] as const)('refuses every workflow call from %s and changes nothing', async (who) => {
    const client = who === 'user' ? user : anon;
    const order = await newOrder('mpesa');
    await anon.rpc('submit_mpesa_code', { token: order.token, code: 'QJK7XYZ333' });
    const calls = [
      setStatus(client, order.id, 'confirmed'),
      client.rpc('record_order_payment', { order_id: order.id, method: 'bank', reference: 'FT1' }),
      client.rpc('check_order_mpesa_code', { order_id: order.id, verdict: 'verified' }),
      client.rpc('resend_order_confirmation', { order_id: order.id }),
      client.rpc('admin_dashboard'),
    ];
    for (const { error, data } of await Promise.all(calls)) {
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
    // Nor directly: signed-in accounts hold no update grant on orders any more.
    const direct = await client.from('orders').update({ status: 'confirmed' }).eq('id', order.id);
    expect(direct.error?.code).toBe('42501');
    const row = await admin
      .from('orders')
      .select('status, payment_reference, mpesa_code_status')
      .eq('id', order.id)
      .single();
    expect(row.data).toEqual({ status: 'pending', payment_reference: null, mpesa_code_status: null });
    const mails = await admin
      .from('mail_outbox')
      .select('id')
      .eq('order_id', order.id)
      .eq('kind', 'order_confirmation');
    expect(mails.data).toHaveLength(1);
  });

  it('a non-staff account is told why, in words', async () => {
    const { error } = await user.rpc('admin_dashboard');
    expect(error).toMatchObject({ hint: 'not_staff', message: expect.stringMatching(/Only staff members/) });
  });
});

describe('admin_dashboard', () => {
  it("counts this month's orders, seats and revenue in the database", async () => {
    const program = await makeProgram(admin, { price_amount: 250, currency: 'USD' });
    const intake = await makeIntake(admin, program.id, { capacity: 10 });
    const before = await staff.rpc('admin_dashboard');
    expect(before.error).toBeNull();
    const order = await place(orderArgs([line(program.id, intake, 3)]));
    await staff.rpc('set_order_status', { order_id: order.id, status: 'confirmed' });
    await staff.rpc('record_order_payment', { order_id: order.id, method: 'bank', reference: 'FT-DASH' });
    await staff.rpc('set_order_status', { order_id: order.id, status: 'paid' });
    const after = await staff.rpc('admin_dashboard');
    expect(after.error).toBeNull();
    const figures = (value: unknown) =>
      value as {
        orders_this_month: { count: number; paid_usd: number; booked_usd: number };
        seats_this_month: number;
        weeks: Array<{ week_start: string; orders: number; subscribers: number }>;
        recent_orders: Array<{ reference: string }>;
        upcoming_intakes: Array<{ id: string; seats_left: number }>;
      };
    const [was, now] = [figures(before.data), figures(after.data)];
    // Other test files order in parallel: at least this order's figures were added.
    expect(now.orders_this_month.count - was.orders_this_month.count).toBeGreaterThanOrEqual(1);
    expect(now.seats_this_month - was.seats_this_month).toBeGreaterThanOrEqual(3);
    expect(now.orders_this_month.paid_usd - was.orders_this_month.paid_usd).toBeGreaterThanOrEqual(750);
    expect(now.weeks).toHaveLength(12);
    expect(now.weeks.at(-1)!.orders).toBeGreaterThanOrEqual(1);
    expect(now.recent_orders.map((o) => o.reference)).toContain(order.reference);
  });
});
