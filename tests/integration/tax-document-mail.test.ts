/**
 * The registered tax invoice and credit note e-mailed to the buyer (issue 29): once eTIMS has
 * registered a paid order's invoice, the buyer gets one mail with the PDF attached (the PINs, the
 * control unit's number and KRA's QR code on it); cancelling the paid order mails the credit note,
 * once registered, likewise. Through the stack's workers, the eTIMS stand-in and the mail capture.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { DEFAULT_ETIMS_VERIFY_URL } from '../../supabase/functions/_shared/tax-document-verification.ts';
import { capturedAttachment, capturedMail } from '../support/mail-capture.ts';
import { pdfQrCode } from '../support/pdf-qr-code.ts';
import { pdfText } from '../support/pdf-text.ts';
import { signedInAccount } from './support/accounts.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeProgram, orderArgs } from './support/orders.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

type Client = SupabaseClient<Database>;

let stack: StackInfo;
let admin: Client;
let staff: Client;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  stack = stackInfo();
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  staff = (await signedInAccount(stack, admin, { staff: true, label: 'tax-mail-staff' })).client;
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function paidOrder(email: string): Promise<{ id: string; reference: string }> {
  const program = await makeProgram(admin, { price_amount: 1160, currency: 'KES' });
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  const { data, error } = await client
    .rpc(
      'create_order',
      orderArgs([line(program.id, null, 1)], {
        buyer_email: email,
        organisation: 'Mail Buyer Ltd',
        buyer_kra_pin: 'P051222222B',
        buyer_address: 'P.O. Box 200, Nairobi',
      }),
    )
    .single();
  if (error) throw new Error(error.message);
  const { data: row } = await admin.from('orders').select('id').eq('reference', data.reference).single();
  const id = row!.id;
  expect((await staff.rpc('set_order_status', { order_id: id, status: 'confirmed' })).error).toBeNull();
  const payment = { order_id: id, method: 'bank', reference: `FT${id.slice(0, 8)}` };
  expect((await staff.rpc('record_order_payment', payment)).error).toBeNull();
  expect((await staff.rpc('set_order_status', { order_id: id, status: 'paid' })).error).toBeNull();
  return { id, reference: data.reference };
}

async function documentOf(orderId: string, kind: 'tax_invoice' | 'credit_note') {
  const { data } = await admin
    .from('tax_documents')
    .select('id, document_number, etims_status, etims_receipt')
    .eq('order_id', orderId)
    .eq('kind', kind)
    .maybeSingle();
  return data;
}

// Both workers run every 2 s beside the other tests' work: allow them time on a loaded machine.
const waitMs = 90_000;

describe('registered tax documents e-mailed to the buyer', () => {
  it(
    'the invoice once registered, with its PDF; the credit note of the cancelled order likewise',
    { timeout: 4 * waitMs },
    async () => {
      const email = `tax-mail-${randomUUID()}@example.com`;
      const order = await paidOrder(email);
      await expect
        .poll(async () => (await documentOf(order.id, 'tax_invoice'))?.etims_status, { timeout: waitMs })
        .toBe('registered');
      const invoice = (await documentOf(order.id, 'tax_invoice'))!;
      const subject = `Tax invoice ${invoice.document_number} for your Ascent order ${order.reference}`;
      await expect
        .poll(async () => (await capturedMail(stack.mailApiUrl, { to: email, subject })).length, { timeout: waitMs })
        .toBe(1);
      const [mail] = await capturedMail(stack.mailApiUrl, { to: email, subject });
      const receipt = invoice.etims_receipt as { rcptNo: number; rcptSign: string };
      expect(mail!.text).toContain(
        `Your tax invoice ${invoice.document_number} for order ${order.reference} is attached`,
      );
      expect(mail!.text).toContain(`control unit receipt`);
      expect(mail!.text).toContain(`/order-confirmation?token=`);
      expect(mail!.attachments).toEqual([
        expect.objectContaining({
          filename: `${invoice.document_number}-tax-invoice.pdf`,
          contentType: 'application/pdf',
        }),
      ]);
      const pdf = await capturedAttachment(stack.mailApiUrl, mail!.id, 0);
      const text = await pdfText(pdf.slice()); // pdf.js takes the buffer it reads
      expect(text).toContain('P051222222B');
      expect(text).toContain(String(receipt.rcptNo));
      expect(await pdfQrCode(pdf)).toBe(`${DEFAULT_ETIMS_VERIFY_URL}P051234567X00${receipt.rcptSign}`);
      // One mail per document: the outbox holds one row for it.
      const { data: rows } = await admin.from('mail_outbox').select('id').eq('tax_document_id', invoice.id);
      expect(rows).toHaveLength(1);

      expect((await staff.rpc('set_order_status', { order_id: order.id, status: 'cancelled' })).error).toBeNull();
      await expect
        .poll(async () => (await documentOf(order.id, 'credit_note'))?.etims_status, { timeout: waitMs })
        .toBe('registered');
      const credit = (await documentOf(order.id, 'credit_note'))!;
      const creditSubject = `Credit note ${credit.document_number} for your Ascent order ${order.reference}`;
      await expect
        .poll(async () => (await capturedMail(stack.mailApiUrl, { to: email, subject: creditSubject })).length, {
          timeout: waitMs,
        })
        .toBe(1);
      const [creditMail] = await capturedMail(stack.mailApiUrl, { to: email, subject: creditSubject });
      expect(creditMail!.text).toContain(`it credits tax invoice ${invoice.document_number}`);
      const creditPdf = await capturedAttachment(stack.mailApiUrl, creditMail!.id, 0);
      expect(await pdfText(creditPdf)).toContain(invoice.document_number);
    },
  );
});
