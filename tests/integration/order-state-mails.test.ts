/**
 * The customer hears of every change staff make to their order (issue 22, item 5): confirming,
 * marking paid (bank transfer) and cancelling each send one e-mail through the outbox, found in
 * the stack's mail capture, and the order's words (status_label) say the new state.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import type { Database } from '../../supabase/database.types.ts';
import { signedInAccount } from './support/accounts.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeProgram, orderArgs } from './support/orders.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

type Client = SupabaseClient<Database>;

let stack: StackInfo;
let admin: Client;
let staff: Client;
let programId = '';
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  stack = stackInfo();
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  staff = (await signedInAccount(stack, admin, { staff: true, label: 'state-mail-staff' })).client;
  programId = (await makeProgram(admin, { title: 'State Mail Course', price_amount: 400, currency: 'USD' })).id;
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function placeFor(email: string) {
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  const { data, error } = await client
    .rpc('create_order', orderArgs([line(programId, null, 1)], { buyer_email: email }))
    .single();
  if (error) throw new Error(error.message);
  const row = await admin.from('orders').select('id').eq('reference', data.reference).single();
  return { id: row.data!.id, reference: data.reference, token: data.token, client };
}

/**
 * The order's own mails: the registered tax invoice's mail (tax-document-mail.test.ts) and the
 * payment's receipt (tests/e2e/payment-receipt.spec.ts) are left out.
 */
async function subjectsTo(email: string): Promise<string[]> {
  return (await capturedMail(stack.mailApiUrl, { to: email }))
    .map((m) => m.subject)
    .filter((subject) => !/^(Tax invoice|Credit note|Receipt) /.test(subject))
    .sort();
}

async function mailTo(email: string, subject: string): Promise<CapturedMessage> {
  const [mail] = await capturedMail(stack.mailApiUrl, { to: email, subject });
  return mail!;
}

// The worker renders other files' order mail (PDFs) in the same runs: allow it time.
const mailWaitMs = 60_000;

describe('staff changing an order mail the customer once per change', () => {
  it('confirmed, then paid by bank transfer', { timeout: 3 * mailWaitMs }, async () => {
    const email = `state-${randomUUID()}@example.com`;
    const order = await placeFor(email);
    expect((await staff.rpc('set_order_status', { order_id: order.id, status: 'confirmed' })).error).toBeNull();
    const recorded = await staff.rpc('record_order_payment', {
      order_id: order.id,
      method: 'bank',
      reference: 'FT26331ABC',
    });
    expect(recorded.error).toBeNull();
    expect((await staff.rpc('set_order_status', { order_id: order.id, status: 'paid' })).error).toBeNull();

    await expect
      .poll(() => subjectsTo(email), { timeout: mailWaitMs })
      .toEqual([
        `Payment received for your Ascent order ${order.reference}`,
        `Your Ascent order ${order.reference}`,
        `Your Ascent order ${order.reference} is confirmed`,
      ]);
    const paid = await mailTo(email, `Payment received for your Ascent order ${order.reference}`);
    expect(paid.text).toContain(`Order ${order.reference}: Paid`);
    const confirmed = await mailTo(email, `Your Ascent order ${order.reference} is confirmed`);
    expect(confirmed.text).toContain('Payment is still due.');
    expect((await order.client.rpc('get_order', { token: order.token })).data).toMatchObject({
      status: 'paid',
      status_label: 'Paid',
    });
  });

  it(
    'a paid order cancelled: the customer is told of the refund, and a credit note cancels the invoice',
    {
      timeout: 3 * mailWaitMs,
    },
    async () => {
      const email = `state-${randomUUID()}@example.com`;
      const order = await placeFor(email);
      expect((await staff.rpc('set_order_status', { order_id: order.id, status: 'confirmed' })).error).toBeNull();
      const recorded = await staff.rpc('record_order_payment', {
        order_id: order.id,
        method: 'bank',
        reference: 'FT26332ABC',
      });
      expect(recorded.error).toBeNull();
      expect((await staff.rpc('set_order_status', { order_id: order.id, status: 'paid' })).error).toBeNull();
      expect((await staff.rpc('set_order_status', { order_id: order.id, status: 'cancelled' })).error).toBeNull();

      await expect
        .poll(() => subjectsTo(email), { timeout: mailWaitMs })
        .toContain(`Your Ascent order ${order.reference} is cancelled`);
      const cancelled = await mailTo(email, `Your Ascent order ${order.reference} is cancelled`);
      expect(cancelled.text).toContain('We will refund your payment; a credit note cancels its tax invoice.');
      expect(cancelled.text).not.toContain('Nothing is due.');
      const { data: documents } = await admin
        .from('tax_documents')
        .select('kind, total')
        .eq('order_id', order.id)
        .order('kind', { ascending: false });
      expect(documents).toEqual([
        { kind: 'tax_invoice', total: 400 },
        { kind: 'credit_note', total: -400 },
      ]);
    },
  );

  it('cancelled', { timeout: 2 * mailWaitMs }, async () => {
    const email = `state-${randomUUID()}@example.com`;
    const order = await placeFor(email);
    expect((await staff.rpc('set_order_status', { order_id: order.id, status: 'cancelled' })).error).toBeNull();
    await expect
      .poll(() => subjectsTo(email), { timeout: mailWaitMs })
      .toEqual([`Your Ascent order ${order.reference}`, `Your Ascent order ${order.reference} is cancelled`]);
    const cancelled = await mailTo(email, `Your Ascent order ${order.reference} is cancelled`);
    expect(cancelled.text).toContain('Your order has been cancelled and its seats released. Nothing is due.');
    const { data: rows } = await admin
      .from('mail_outbox')
      .select('kind')
      .eq('order_id', order.id)
      .eq('kind', 'order_cancelled');
    expect(rows).toHaveLength(1);
  });
});
