/**
 * Orders for the commerce specs: the order limit lifted on the test stack (every browser test
 * connects from 127.0.0.1, one "client" to the order throttle), an order placed through
 * create_order as a visitor would (for the checks that walk a confirmation page), and the mails
 * the capture holds for an address.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import type { Database } from '../../../supabase/database.types.ts';
import { capturedMail, type CapturedMessage } from '../../support/mail-capture.ts';
import type { StackInfo } from './stack-info.ts';

/**
 * The stack's order throttles (per client and per address) and the seats one client's unpaid
 * orders may hold raised far above what the suite places (as `postgres`, like a migration).
 */
export async function allowManyOrders(stack: StackInfo): Promise<void> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    // The ceiling, and the free allowance before a proof of work is asked for (the browser would solve it, slowly).
    await client.query(
      `update private.client_limits set max_per_client = 100000, max_without_proof = 100000 where write = 'order'`,
    );
    await client.query('update private.order_seat_caps set max_held_seats_per_client = 100000');
    await client.query(
      `update private.address_limits set max_per_address = 100000 where write in ('order', 'mpesa_code')`,
    );
    // The stand-in's test numbers (0700 009 999 and others) are prompted again and again.
    await client.query('update private.mpesa_phone_limits set max_prompts = 100000');
  } finally {
    await client.end();
  }
}

export interface PlacedOrder {
  reference: string;
  token: string;
}

/** One seat of a seed program, paid the given way, placed as an anonymous visitor. */
export async function placeOrder(
  stack: StackInfo,
  {
    slug = 'executive-leadership-programme',
    paymentMethod = 'mpesa',
    email = `buyer-${randomUUID()}@example.com`,
  } = {},
): Promise<PlacedOrder> {
  const anon = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data: program, error: readError } = await anon
    .from('public_training_programs')
    .select('id')
    .eq('slug', slug)
    .single();
  if (readError || !program?.id) throw new Error(`no program ${slug}: ${readError?.message}`);
  const { data, error } = await anon
    .rpc('create_order', {
      idempotency_key: randomUUID(),
      buyer_name: 'Wanjiru Kamau',
      buyer_email: email,
      buyer_phone: '0712 345 678',
      organisation: 'Kamau Holdings',
      po_number: 'PO-2026-17',
      payment_method: paymentMethod,
      accepted_terms: true,
      items: [{ program_id: program.id, intake_id: null, quantity: 1, participants: [{ name: 'Wanjiru Kamau' }] }],
    })
    .single();
  if (error || !data) throw new Error(`create_order: ${error?.message}`);
  return { reference: data.reference, token: data.token };
}

export async function mailsTo(stack: StackInfo, address: string): Promise<CapturedMessage[]> {
  return capturedMail(stack.mailApiUrl, { to: address });
}
