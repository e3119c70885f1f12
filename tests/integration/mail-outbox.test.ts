/**
 * The order e-mails through the outbox, on a stack of this file's own (its mail capture is
 * stopped and started here, which must not disturb the other files' mail): the order writes
 * its mails in its transaction, the stack's scheduled worker (process-mail-outbox, every 2 s)
 * sends them, retries while SMTP is down, and never sends one twice.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import type { Database } from '../../supabase/database.types.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeIntake, makeProgram, orderArgs } from './support/orders.ts';

let stack: TestStack;
let admin: SupabaseClient<Database>;
let visitor: { client: SupabaseClient<Database>; close(): Promise<void> };

beforeAll(async () => {
  stack = await startTestStack({ website: false });
  admin = createClient<Database>(stack.info.apiUrl, stack.info.serviceRoleKey, { auth: { persistSession: false } });
  visitor = clientFrom(loopbackAddress(), stack.info.apiUrl, stack.info.anonKey);
}, 120_000);

afterAll(async () => {
  await visitor?.close();
  await stack?.stop();
});

async function captured(): Promise<CapturedMessage[]> {
  return capturedMail(stack.info.mailApiUrl);
}

async function outboxOf(orderId: string) {
  const { data, error } = await admin
    .from('mail_outbox')
    .select('id, kind, status, attempts, last_error')
    .eq('order_id', orderId)
    .order('kind');
  if (error) throw new Error(error.message);
  return data;
}

function runWorker(key: string): Promise<Response> {
  return fetch(`${stack.info.apiUrl}/functions/v1/process-mail-outbox`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  });
}

describe('the mail outbox', () => {
  it('delivers each order e-mail exactly once after the mail capture was stopped and started again', async () => {
    const program = await makeProgram(admin, {
      title: 'Outbox Governance Course',
      price_amount: 75000,
      currency: 'KES',
    });
    const intake = await makeIntake(admin, program.id);
    await stack.mail.stopSmtp();
    const args = orderArgs([line(program.id, intake, 2)], { buyer_name: 'Njeri Mwangi', payment_method: 'mpesa' });
    const { data: order, error } = await visitor.client.rpc('create_order', args).single();
    expect(error).toBeNull();
    const { data: row } = await admin.from('orders').select('id').eq('reference', order!.reference).single();
    const orderId = row!.id;

    // SMTP is down: the worker tries, fails with certainty and keeps both mails for later.
    await vi.waitFor(
      async () => {
        const rows = await outboxOf(orderId);
        expect(rows.map((r) => r.kind)).toEqual(['order_confirmation', 'order_notification']);
        for (const r of rows) {
          expect(r.status).toBe('pending');
          expect(r.attempts).toBeGreaterThanOrEqual(1);
          expect(r.last_error).toMatch(/ECONNREFUSED/);
        }
      },
      { timeout: 20_000, interval: 200 },
    );
    expect((await captured()).filter((m) => m.subject.includes(order!.reference))).toEqual([]);

    await stack.mail.startSmtp();
    await vi.waitFor(async () => expect((await outboxOf(orderId)).map((r) => r.status)).toEqual(['sent', 'sent']), {
      timeout: 40_000,
      interval: 250,
    });

    // Another run finds nothing to send, and nothing arrives twice.
    const rerun = await runWorker(stack.info.serviceRoleKey);
    expect(await rerun.json()).toEqual({ sent: 0, retrying: 0, failed: 0, uncertain: 0 });
    const mails = (await captured()).filter((m) => m.subject.includes(order!.reference));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `New order ${order!.reference} from Njeri Mwangi`,
      `Your Ascent order ${order!.reference}`,
    ]);

    const confirmation = mails.find((m) => m.to.includes(args.buyer_email))!;
    const link = `${stack.info.webUrl || 'http://127.0.0.1:3000'}/order-confirmation?token=${order!.token}`;
    for (const body of [confirmation.text, confirmation.html ?? '']) {
      expect(body).toContain(order!.reference);
      expect(body).toContain('Outbox Governance Course');
      expect(body).toContain('KES 150,000.00');
      expect(body).toContain(`business number 522533, account number ${order!.reference}`);
      expect(body).toContain(link);
    }
    expect(confirmation.attachments).toEqual([
      {
        filename: `${order!.reference}-pro-forma-invoice.pdf`,
        contentType: 'application/pdf',
        size: expect.any(Number),
        text: null,
      },
    ]);
    const notification = mails.find((m) => m.to.includes('bookings@ascent.example'))!;
    expect(notification.text).toContain(`Buyer: Njeri Mwangi <${args.buyer_email}>`);
    expect(notification.text).toContain('Payment: M-Pesa Paybill');
  }, 90_000);

  it('sets aside, never resends, a mail whose worker stopped between claiming and marking it', async () => {
    const program = await makeProgram(admin);
    const { data: order } = await visitor.client.rpc('create_order', orderArgs([line(program.id, null, 1)])).single();
    const { data: row } = await admin.from('orders').select('id').eq('reference', order!.reference).single();
    // What a worker that crashed mid-send leaves behind: a claimed row whose lease ran out.
    const { data: stranded, error } = await admin
      .from('mail_outbox')
      .insert({
        kind: 'order_notification',
        order_id: row!.id,
        status: 'sending',
        attempts: 1,
        claim_id: randomUUID(),
        lease_until: new Date(Date.now() - 60_000).toISOString(),
      })
      .select('id')
      .single();
    expect(error).toBeNull();

    await vi.waitFor(
      async () => {
        const { data } = await admin.from('mail_outbox').select('status, last_error').eq('id', stranded!.id).single();
        expect(data).toMatchObject({ status: 'uncertain', last_error: expect.stringMatching(/lease expired/) });
      },
      { timeout: 20_000, interval: 200 },
    );
    expect((await captured()).filter((m) => m.messageId?.includes(stranded!.id))).toEqual([]);
  }, 60_000);

  it('runs only for the service role', async () => {
    expect((await runWorker(stack.info.anonKey)).status).toBe(401);
  });
});
