/** The M-Pesa payment of an order as its confirmation page polls it (get_mpesa_payment, by token). */
import * as z from 'zod/mini';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

const stateSchema = z.object({
  order_status: z.string(),
  payment_method: z.string(),
  receipt: z.nullable(z.string()),
  attempt: z.nullable(
    z.object({
      status: z.enum(['requesting', 'pending', 'succeeded', 'failed']),
      result_code: z.nullable(z.number()),
      phone: z.string(),
      amount: z.number(),
    }),
  ),
});

export type PaymentState = z.infer<typeof stateSchema>;

/** Null for an unknown token; throws when the server cannot be asked. */
export async function fetchPaymentState(token: string): Promise<PaymentState | null> {
  const client = await getBrowserSupabase();
  const { data, error } = await client.rpc('get_mpesa_payment', { token });
  if (error) throw new Error(`get_mpesa_payment: ${error.message}`);
  return data === null ? null : stateSchema.parse(data);
}

export function isWaiting(state: PaymentState | null | undefined): boolean {
  return state?.attempt?.status === 'requesting' || state?.attempt?.status === 'pending';
}
