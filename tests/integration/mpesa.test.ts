/**
 * M-Pesa Express end to end on the real stack and the Daraja stand-in: a push paid by the
 * simulated phone's callback (order paid, receipt stored and e-mailed), each failure code, forged
 * and replayed callbacks, the reconciliation of a push with no callback, and the OAuth token reused.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import type { Database } from '../../supabase/database.types.ts';
import { stackInfo } from './stack-info.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeIntake, makeProgram, orderArgs } from './support/orders.ts';
import { passSecondFactor } from '../support/second-factor.ts';

const stack = stackInfo();
const callbackToken = 'local-callback-token-not-secret';
let admin: SupabaseClient<Database>;
let visitor: { client: SupabaseClient<Database>; close(): Promise<void> };
let program: { id: string; slug: string };
let intake: string;

beforeAll(async () => {
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  visitor = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  // 65,000.50 KES a seat: the push asks for whole shillings, rounded up.
  program = await makeProgram(admin, { title: 'M-Pesa Test Course', price_amount: 65000.5, currency: 'KES' });
  intake = await makeIntake(admin, program.id, { capacity: 50 });
});

afterAll(async () => {
  await visitor?.close();
});

/** A number the simulated phone approves, never one of the stand-in's test numbers (2547000...). */
const approvingPhone = () => `07${randomInt(10_000_000, 99_999_999)}`;

/** An M-Pesa order, from a client address of its own (orders are throttled per client). */
async function mpesaOrder(): Promise<{ token: string; reference: string; id: string }> {
  const buyer = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  const { data, error } = await buyer.client
    .rpc('create_order', orderArgs([line(program.id, intake, 1)], { payment_method: 'mpesa' }))
    .single();
  await buyer.close();
  if (error) throw new Error(`create_order: ${error.message}`);
  const { data: row, error: readError } = await admin
    .from('orders')
    .select('id')
    .eq('reference', data.reference)
    .single();
  if (readError) throw new Error(readError.message);
  return { token: data.token, reference: data.reference, id: row.id };
}

function push(token: string, phone: string, key = stack.anonKey): Promise<Response> {
  return fetch(`${stack.apiUrl}/functions/v1/mpesa-stk-push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify({ token, phone }),
  });
}

const paymentSchema = z.object({
  order_status: z.string(),
  receipt: z.string().nullable(),
  attempt: z
    .object({ status: z.string(), result_code: z.number().nullable(), phone: z.string(), amount: z.number() })
    .nullable(),
});
type Payment = z.infer<typeof paymentSchema>;

async function payment(token: string): Promise<Payment> {
  const { data, error } = await visitor.client.rpc('get_mpesa_payment', { token });
  if (error) throw new Error(error.message);
  return paymentSchema.parse(data);
}

async function attemptsOf(orderId: string) {
  const { data, error } = await admin
    .from('mpesa_payment_attempts')
    .select('*')
    .eq('order_id', orderId)
    .order('requested_at');
  if (error) throw new Error(error.message);
  return data;
}

async function orderRow(id: string) {
  const { data, error } = await admin
    .from('orders')
    .select('status, mpesa_receipt, paid_at, updated_at')
    .eq('id', id)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function receiptMails(reference: string): Promise<CapturedMessage[]> {
  return capturedMail(stack.mailApiUrl, { subject: `Payment received for your Ascent order ${reference}` });
}

function callback(body: unknown, token: string | null = callbackToken): Promise<Response> {
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  return fetch(`${stack.apiUrl}/functions/v1/mpesa-callback${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function successBody(
  attempt: { merchant_request_id: string | null; checkout_request_id: string | null },
  amount: number,
  receipt = 'TST1234567',
) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: attempt.merchant_request_id,
        CheckoutRequestID: attempt.checkout_request_id,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'Amount', Value: amount },
            { Name: 'TransactionDate', Value: 20261124103015 },
            { Name: 'PhoneNumber', Value: 254700009999 },
          ],
        },
      },
    },
  };
}

function reconcile(body: unknown, key = stack.serviceRoleKey): Promise<Response> {
  return fetch(`${stack.apiUrl}/functions/v1/mpesa-reconcile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('M-Pesa Express', () => {
  it('pays an order end to end: push, approval, callback confirmed, receipt stored and e-mailed', async () => {
    const order = await mpesaOrder();
    const response = await push(order.token, '+254 712 345 678'.replace('712 345 678', approvingPhone().slice(1)));
    expect(response.status).toBe(200);
    const started = (await response.json()) as { status: string; amount: number; phone: string };
    expect(started).toMatchObject({
      status: 'pending',
      amount: 65001,
      phone: expect.stringMatching(/^2547\*{4}\d{4}$/),
    });

    // Never two pushes at once for one order.
    const second = await push(order.token, approvingPhone());
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ reason: 'push_in_progress' });

    expect((await payment(order.token)).attempt?.status).toBe('pending');
    await expect.poll(async () => (await payment(order.token)).order_status, { timeout: 10_000 }).toBe('paid');
    const paid = await payment(order.token);
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.attempt).toMatchObject({ status: 'succeeded', result_code: 0, amount: 65001 });
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ settled_by: 'callback', receipt: paid.receipt, amount: 65001 });
    expect((await orderRow(order.id)).mpesa_receipt).toBe(paid.receipt);

    await expect.poll(async () => (await receiptMails(order.reference)).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await receiptMails(order.reference);
    expect(mail?.text).toContain(`M-Pesa receipt number: ${paid.receipt}`);
    expect(mail?.text).toContain('KES 65,001.00');

    // A paid order takes no more pushes.
    const again = await push(order.token, approvingPhone());
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ reason: 'order_closed' });
  });

  it.each([
    ['0700 001 032', 1032],
    ['0700 000 001', 1],
    ['0700 002 001', 2001],
    ['0700 001 037', 1037],
  ])(
    'leaves the order pending when the phone answers %s (ResultCode %i), and a new push may start',
    async (phone, code) => {
      const order = await mpesaOrder();
      expect((await push(order.token, phone)).status).toBe(200);
      await expect.poll(async () => (await payment(order.token)).attempt?.status, { timeout: 10_000 }).toBe('failed');
      const failed = await payment(order.token);
      expect(failed).toMatchObject({ order_status: 'pending', receipt: null, attempt: { result_code: code } });
      expect((await attemptsOf(order.id))[0]).toMatchObject({
        settled_by: 'callback',
        result_code: code,
        receipt: null,
      });
      // "Try again": a new push for the same order.
      const retry = await push(order.token, approvingPhone());
      expect(retry.status).toBe(200);
      await expect.poll(async () => (await payment(order.token)).order_status, { timeout: 10_000 }).toBe('paid');
      expect(await attemptsOf(order.id)).toHaveLength(2);
    },
  );

  it('refuses bad push requests with a clear reason', async () => {
    const order = await mpesaOrder();
    const badPhone = await push(order.token, '0202 345 678');
    expect(badPhone.status).toBe(400);
    expect(await badPhone.json()).toMatchObject({ field: 'phone', reason: 'invalid_phone' });
    const unknown = await push('A'.repeat(43), approvingPhone());
    expect(unknown.status).toBe(404);
    const invoice = await visitor.client.rpc('create_order', orderArgs([line(program.id, intake, 1)])).single();
    const byInvoice = await push(invoice.data?.token ?? '', approvingPhone());
    expect(await byInvoice.json()).toMatchObject({ reason: 'not_mpesa_order' });
    const garbage = await fetch(`${stack.apiUrl}/functions/v1/mpesa-stk-push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(garbage.status).toBe(400);
    expect(await attemptsOf(order.id)).toHaveLength(0);
  });

  it('refuses forged callbacks and leaves the order unchanged', async () => {
    const order = await mpesaOrder();
    // Cancelled on the phone and the callback lost: the attempt stays pending for the forgeries.
    expect((await push(order.token, '0700009032')).status).toBe(200);
    const [attempt] = await attemptsOf(order.id);
    if (!attempt) throw new Error('no attempt');
    const before = await orderRow(order.id);
    const body = successBody(attempt, attempt.amount);

    const noToken = await callback(body, null);
    const wrongToken = await callback(body, 'not-the-deployment-token');
    const unknownId = await callback(
      successBody({ ...attempt, checkout_request_id: 'ws_CO_000000000000000' }, attempt.amount),
    );
    const wrongAmount = await callback(successBody(attempt, 1));
    const notJson = await fetch(`${stack.apiUrl}/functions/v1/mpesa-callback?token=${callbackToken}`, {
      method: 'POST',
      body: 'x',
    });
    expect([noToken.status, wrongToken.status, unknownId.status, wrongAmount.status, notJson.status]).toEqual([
      401, 401, 404, 409, 400,
    ]);
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'pending', receipt: null });
    expect(await orderRow(order.id)).toEqual(before);

    // The right ids, amount and token, but Daraja's query does not confirm a payment: refused.
    const unconfirmed = await callback(body);
    expect(unconfirmed.status).toBe(409);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', mpesa_receipt: null });
    expect(await receiptMails(order.reference)).toHaveLength(0);
  });

  it('processes a replayed success callback once', async () => {
    const order = await mpesaOrder();
    // Approved on the phone, the callback lost: only our (replayed) copy arrives.
    expect((await push(order.token, '0700009999')).status).toBe(200);
    const [attempt] = await attemptsOf(order.id);
    if (!attempt) throw new Error('no attempt');
    const body = successBody(attempt, attempt.amount, 'RPL7XYZ123');
    // Until the phone has answered, Daraja does not confirm it.
    await expect.poll(async () => (await callback(body)).status, { timeout: 10_000, interval: 500 }).toBe(200);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: 'paid', mpesa_receipt: 'RPL7XYZ123' });
    const replies = await Promise.all([
      callback(body),
      callback(body),
      callback(successBody(attempt, attempt.amount, 'OTHER12345')),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await orderRow(order.id)).toEqual(paid);
    const { data: mails, error } = await admin
      .from('mail_outbox')
      .select('id')
      .eq('order_id', order.id)
      .eq('kind', 'mpesa_receipt');
    if (error) throw new Error(error.message);
    expect(mails).toHaveLength(1);
  });

  it('settles a push that never got a callback with the STK query (reconciliation)', async () => {
    const order = await mpesaOrder();
    expect((await push(order.token, '0700 009 999')).status).toBe(200);
    // Only the scheduler (service role) or staff may run it.
    expect((await reconcile({ older_than_seconds: 0 }, stack.anonKey)).status).toBe(403);
    // Pushes younger than two minutes are left alone by the scheduled run.
    expect((await reconcile({})).status).toBe(200);
    expect((await attemptsOf(order.id))[0]?.status).toBe('pending');
    await expect
      .poll(
        async () => {
          await reconcile({ older_than_seconds: 0 });
          return (await orderRow(order.id)).status;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('paid');
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'succeeded', settled_by: 'query', receipt: null });
    await expect.poll(async () => (await receiptMails(order.reference)).length, { timeout: 10_000 }).toBe(1);
  });

  it('reuses one OAuth token across pushes and queries', async () => {
    const counters = async () =>
      (await (await fetch(`${stack.darajaUrl}/local/counters`)).json()) as { tokensIssued: number; pushes: number };
    const first = await mpesaOrder();
    expect((await push(first.token, approvingPhone())).status).toBe(200);
    const after = await counters();
    expect(after.tokensIssued).toBeGreaterThanOrEqual(1);
    const second = await mpesaOrder();
    expect((await push(second.token, approvingPhone())).status).toBe(200);
    await expect.poll(async () => (await payment(second.token)).order_status, { timeout: 10_000 }).toBe('paid');
    const later = await counters();
    expect(later.pushes).toBe(after.pushes + 1);
    expect(later.tokensIssued).toBe(after.tokensIssued);
  });

  // Issue 23, item 11: the anon key was answered 500 (permission denied in the log).
  it('answers 403, not 500, when the anon key asks to reconcile any attempt', async () => {
    const response = await reconcile({ attempt_id: randomUUID() }, stack.anonKey);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Only the scheduler or staff may reconcile payments.' });
  });

  it('shows staff the attempts of an order, phone masked, and lets staff re-query a stuck one; nobody else', async () => {
    const order = await mpesaOrder();
    expect((await push(order.token, '0700 001 032')).status).toBe(200);
    await expect.poll(async () => (await payment(order.token)).attempt?.status, { timeout: 10_000 }).toBe('failed');

    const password = `Mpesa-${randomInt(1e9, 1e10)}`;
    const signedIn = async (label: string, staff: boolean) => {
      const email = `mpesa-${label}-${randomInt(1e9, 1e10)}@ascent.example`;
      const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      if (error) throw new Error(error.message);
      if (staff) {
        const { error: staffError } = await admin.from('staff').insert({ user_id: data.user.id, email });
        if (staffError) throw new Error(staffError.message);
      }
      const client = createClient<Database>(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
      const { error: signInError } = await client.auth.signInWithPassword({ email, password });
      if (signInError) throw new Error(signInError.message);
      if (staff) await passSecondFactor(client);
      return client;
    };
    const staff = await signedIn('staff', true);
    const { data: rows, error } = await staff.rpc('staff_mpesa_attempts', { target_order: order.id });
    expect(error).toBeNull();
    expect(rows).toEqual([
      expect.objectContaining({
        phone: '2547****1032',
        amount: 65001,
        status: 'failed',
        result_code: 1032,
        result_desc: 'Request cancelled by user',
        receipt: null,
      }),
    ]);

    const user = await signedIn('user', false);
    expect(await user.rpc('staff_mpesa_attempts', { target_order: order.id })).toMatchObject({ data: [], error: null });
    const anon = await visitor.client.rpc('staff_mpesa_attempts', { target_order: order.id });
    expect(anon.error?.code).toBe('42501');

    // Staff re-query a stuck attempt (no callback came) at any age; other accounts may not.
    const stuck = await mpesaOrder();
    expect((await push(stuck.token, '0700 009 999')).status).toBe(200);
    const [open] = await attemptsOf(stuck.id);
    if (!open) throw new Error('no attempt');
    const jwt = async (client: SupabaseClient<Database>) =>
      (await client.auth.getSession()).data.session?.access_token ?? '';
    const refused = await reconcile({ attempt_id: open.id }, await jwt(user));
    expect(refused.status).toBe(403);
    const staffJwt = await jwt(staff);
    await expect
      .poll(
        async () => {
          const answer = await reconcile({ attempt_id: open.id }, staffJwt);
          expect(answer.status).toBe(200);
          return (await orderRow(stuck.id)).status;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('paid');
    expect((await attemptsOf(stuck.id))[0]).toMatchObject({ status: 'succeeded', settled_by: 'query' });
  });
});
