/**
 * A paid order's payment reference is final: staff cannot replace it through record_order_payment
 * (the admin offered "Replace the payment reference" on paid orders, and it went through), while
 * an unpaid order's reference can still be corrected.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { signedInAccount } from './support/accounts.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeProgram, orderArgs } from './support/orders.ts';
import { stackInfo } from './stack-info.ts';

type Client = SupabaseClient<Database>;

let admin: Client;
let staff: Client;
let programId = '';
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const stack = stackInfo();
  const auth = { persistSession: false, autoRefreshToken: false };
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth });
  staff = (await signedInAccount(stack, admin, { staff: true, label: 'reference-staff' })).client;
  programId = (await makeProgram(admin, { price_amount: 250, currency: 'USD' })).id;
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function confirmedOrder(): Promise<string> {
  const stack = stackInfo();
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  const placed = await client.rpc('create_order', orderArgs([line(programId, null, 1)])).single();
  if (placed.error) throw new Error(placed.error.message);
  const row = await admin.from('orders').select('id').eq('reference', placed.data.reference).single();
  if (row.error) throw new Error(row.error.message);
  expect((await staff.rpc('set_order_status', { order_id: row.data.id, status: 'confirmed' })).error).toBeNull();
  return row.data.id;
}

const record = (orderId: string, reference: string) =>
  staff.rpc('record_order_payment', { order_id: orderId, method: 'bank', reference }).single();

it('an unpaid order takes a corrected reference; once paid, the reference is final', async () => {
  const id = await confirmedOrder();
  expect((await record(id, 'FT-1111')).error).toBeNull();
  expect((await record(id, 'FT-2222')).data).toMatchObject({ payment_reference: 'FT-2222' });
  expect((await staff.rpc('set_order_status', { order_id: id, status: 'paid' })).error).toBeNull();

  const replaced = await record(id, 'FT-3333');
  expect(replaced.error).toMatchObject({ code: 'P0001', hint: 'payment_reference_final', details: 'reference' });
  expect(replaced.error?.message).toBe('This order is paid: its payment reference is final and cannot be replaced.');
  const stored = await admin.from('orders').select('payment_reference').eq('id', id).single();
  expect(stored.data?.payment_reference).toBe('FT-2222');
});
