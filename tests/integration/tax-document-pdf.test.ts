/**
 * The tax-document-pdf function on the running stack (issue 29): a paid order's tax invoice, once
 * eTIMS has registered it, is a PDF with the PINs, the VAT split and a QR code of KRA's
 * verification URL; the customer gets it by the order's confirmation token, finance staff by their
 * session; anyone else, another order's token or staff of another role gets 404 as for no document.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { DEFAULT_ETIMS_VERIFY_URL } from '../../supabase/functions/_shared/tax-document-verification.ts';
import { pdfQrCode } from '../support/pdf-qr-code.ts';
import { pdfText } from '../support/pdf-text.ts';
import { signedInAccount } from './support/accounts.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeProgram, orderArgs } from './support/orders.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

type Client = SupabaseClient<Database>;

let stack: StackInfo;
let admin: Client;
const closers: Array<() => Promise<void>> = [];
let order = { id: '', token: '', reference: '' };
let invoiceId = '';

async function staffOf(role: 'finance' | 'front_desk'): Promise<string> {
  const account = await signedInAccount(stack, admin, { staff: true, label: `tax-pdf-${role}` });
  expect(
    (
      await admin
        .from('staff')
        .update({ roles: [role] })
        .eq('user_id', account.userId)
    ).error,
  ).toBeNull();
  return (await account.client.auth.getSession()).data.session!.access_token;
}

async function newOrder(): Promise<{ id: string; token: string; reference: string }> {
  const program = await makeProgram(admin, { price_amount: 1200, currency: 'USD' });
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  const { data, error } = await client
    .rpc(
      'create_order',
      orderArgs([line(program.id, null, 1)], {
        buyer_email: `tax-pdf-${randomUUID()}@example.com`,
        buyer_kra_pin: 'P051111111A',
        buyer_address: 'P.O. Box 100, Nairobi',
      }),
    )
    .single();
  if (error) throw new Error(error.message);
  const { data: row } = await admin.from('orders').select('id').eq('reference', data.reference).single();
  return { id: row!.id, token: data.token, reference: data.reference };
}

beforeAll(async () => {
  stack = stackInfo();
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  order = await newOrder();
  // Paid as finance pays it: confirmed, a payment recorded, paid; the database issues the invoice.
  const staff = (await signedInAccount(stack, admin, { staff: true, label: 'tax-pdf-payer' })).client;
  expect((await staff.rpc('set_order_status', { order_id: order.id, status: 'confirmed' })).error).toBeNull();
  const payment = { order_id: order.id, method: 'bank', reference: `FT${order.id.slice(0, 8)}` };
  expect((await staff.rpc('record_order_payment', payment)).error).toBeNull();
  expect((await staff.rpc('set_order_status', { order_id: order.id, status: 'paid' })).error).toBeNull();
  const { data } = await admin
    .from('tax_documents')
    .select('id')
    .eq('order_id', order.id)
    .eq('kind', 'tax_invoice')
    .single();
  invoiceId = data!.id;
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

function byToken(document: string, token: string): Promise<Response> {
  return fetch(`${stack.apiUrl}/functions/v1/tax-document-pdf?document=${document}&token=${token}`);
}

function asStaff(document: string, jwt: string): Promise<Response> {
  return fetch(`${stack.apiUrl}/functions/v1/tax-document-pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}`, apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ id: document }),
  });
}

async function registered(): Promise<{ rcptSign: string }> {
  // The stack's worker registers it with the local eTIMS; allow it time on a loaded machine.
  await expect
    .poll(
      async () =>
        (await admin.from('tax_documents').select('etims_status').eq('id', invoiceId).single()).data?.etims_status,
      { timeout: 60_000 },
    )
    .toBe('registered');
  const { data } = await admin.from('tax_documents').select('etims_receipt').eq('id', invoiceId).single();
  return data!.etims_receipt as { rcptSign: string };
}

describe('tax-document-pdf', () => {
  it(
    "gives the customer the registered tax invoice by the order's token: PINs, VAT split and the QR code of KRA's verification URL",
    { timeout: 90_000 },
    async () => {
      const receipt = await registered();
      const response = await byToken(invoiceId, order.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="INV-\d{6}-tax-invoice\.pdf"$/,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = await pdfText(bytes.slice());
      for (const expected of [
        'TAX INVOICE',
        `Order: ${order.reference}`,
        'Buyer KRA PIN: P051111111A',
        'VAT',
        'Total (USD) USD 1,200.00',
        'Control unit invoice number',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Awaiting eTIMS registration');
      expect(await pdfQrCode(bytes)).toBe(`${DEFAULT_ETIMS_VERIFY_URL}P051234567X00${receipt.rcptSign}`);
    },
  );

  it('gives finance staff the same document by their session', { timeout: 90_000 }, async () => {
    const response = await asStaff(invoiceId, await staffOf('finance'));
    expect(response.status).toBe(200);
    expect(await pdfText(new Uint8Array(await response.arrayBuffer()))).toContain(`Order: ${order.reference}`);
  });

  it(
    "answers 404 to another order's token, the anon key, and staff of another role; 400 to a bad request",
    { timeout: 90_000 },
    async () => {
      const other = await newOrder();
      const refused = [
        await byToken(invoiceId, other.token),
        await asStaff(invoiceId, stack.anonKey),
        await asStaff(invoiceId, await staffOf('front_desk')),
      ];
      for (const response of refused) {
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ message: 'There is no such document, or you may not read it.' });
      }
      expect((await byToken('not-an-id', order.token)).status).toBe(400);
    },
  );
});
