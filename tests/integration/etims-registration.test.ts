/**
 * Tax documents reach KRA's eTIMS (issue 29), through the stack's register-tax-documents worker and
 * the local OSCU stand-in: a paid order's invoice is registered with the control unit's data, its
 * request passing the stand-in's schema and arithmetic checks (an order whose KES total does not
 * divide into whole-cent seat prices included); with eTIMS unavailable the invoice waits, saying
 * why, and is registered once after it comes back; cancelling the paid order registers the credit
 * note against it.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
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
  staff = (await signedInAccount(stack, admin, { staff: true, label: 'etims-staff' })).client;
});

afterAll(async () => {
  await switchEtims({ mode: 'up' });
  await Promise.all(closers.map((close) => close()));
});

/** The stand-in's test routes sit beside its API (/etims-api). */
function standIn(path: string): string {
  return new URL(path, stack.etimsUrl).toString();
}

async function switchEtims(mode: Record<string, unknown>): Promise<void> {
  const response = await fetch(standIn('/local/switch'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(mode),
  });
  expect(response.status).toBe(200);
}

/** A paid order of `seats` seats of a program at `price` USD; returns its id. */
async function paidOrder(price: number, seats: number): Promise<string> {
  const program = await makeProgram(admin, { price_amount: price, currency: 'USD' });
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  const { data, error } = await client
    .rpc(
      'create_order',
      orderArgs([line(program.id, null, seats)], { buyer_email: `etims-${randomUUID()}@example.com` }),
    )
    .single();
  if (error) throw new Error(error.message);
  const { data: row } = await admin.from('orders').select('id').eq('reference', data.reference).single();
  const id = row!.id;
  expect((await staff.rpc('set_order_status', { order_id: id, status: 'confirmed' })).error).toBeNull();
  const recorded = await staff.rpc('record_order_payment', {
    order_id: id,
    method: 'bank',
    reference: `FT${id.slice(0, 8)}`,
  });
  expect(recorded.error).toBeNull();
  expect((await staff.rpc('set_order_status', { order_id: id, status: 'paid' })).error).toBeNull();
  return id;
}

async function documentOf(orderId: string, kind: 'tax_invoice' | 'credit_note') {
  const { data, error } = await admin
    .from('tax_documents')
    .select('id, etims_status, etims_last_error, etims_receipt, etims_number, etims_attempts')
    .eq('order_id', orderId)
    .eq('kind', kind)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

// The worker runs every 2 s beside the other tests' work: allow it time on a loaded machine.
const registerWaitMs = 60_000;

describe('eTIMS registration', () => {
  it(
    "registers a paid order's invoice with the control unit's data, seat prices that are not whole cents included",
    {
      timeout: 2 * registerWaitMs,
    },
    async () => {
      // 333.33 USD at 129.16 is KES 43,053.9028 a seat: three seats share KES 129,161.71.
      const orderId = await paidOrder(333.33, 3);
      await expect
        .poll(async () => (await documentOf(orderId, 'tax_invoice'))?.etims_status, { timeout: registerWaitMs })
        .toBe('registered');
      const invoice = await documentOf(orderId, 'tax_invoice');
      expect(invoice!.etims_receipt).toMatchObject({
        rcptNo: expect.any(Number),
        intrlData: expect.stringMatching(/^[A-Z0-9]{26}$/),
        rcptSign: expect.stringMatching(/^[A-Z0-9]{16}$/),
      });
      expect(invoice!.etims_last_error).toBeNull();
    },
  );

  it(
    'keeps an invoice waiting while eTIMS is unavailable, saying why, and registers it once it is back',
    {
      timeout: 3 * registerWaitMs,
    },
    async () => {
      await switchEtims({ mode: 'unavailable' });
      const orderId = await paidOrder(250, 2);
      await expect
        .poll(async () => (await documentOf(orderId, 'tax_invoice'))?.etims_last_error ?? null, {
          timeout: registerWaitMs,
        })
        .toMatch(/503|unavailable|could not/i);
      const waiting = await documentOf(orderId, 'tax_invoice');
      expect(waiting!.etims_status).toBe('awaiting');

      await switchEtims({ mode: 'up' });
      // The back-off's next attempt is half a minute away: move it to now, as time passing would.
      expect(
        (
          await admin
            .from('tax_documents')
            .update({ etims_next_attempt_at: new Date().toISOString() })
            .eq('id', waiting!.id)
        ).error,
      ).toBeNull();
      await expect
        .poll(async () => (await documentOf(orderId, 'tax_invoice'))?.etims_status, { timeout: registerWaitMs })
        .toBe('registered');
      const registered = await documentOf(orderId, 'tax_invoice');
      expect(registered!.etims_last_error).toBeNull();
      expect(registered!.etims_attempts).toBeGreaterThanOrEqual(2);
    },
  );

  it(
    'registers the credit note of a cancelled paid order against its invoice',
    { timeout: 3 * registerWaitMs },
    async () => {
      const orderId = await paidOrder(480.5, 1);
      await expect
        .poll(async () => (await documentOf(orderId, 'tax_invoice'))?.etims_status, { timeout: registerWaitMs })
        .toBe('registered');
      expect((await staff.rpc('set_order_status', { order_id: orderId, status: 'cancelled' })).error).toBeNull();
      await expect
        .poll(async () => (await documentOf(orderId, 'credit_note'))?.etims_status, { timeout: registerWaitMs })
        .toBe('registered');
    },
  );
});
