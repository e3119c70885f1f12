/** Records the payment reference from the bank or M-Pesa statement (record_order_payment checks its form). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const paymentMethods = ['bank', 'mpesa'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const recordPaymentInput = z.object({
  id: z.uuid(),
  method: z.enum(paymentMethods),
  reference: z.string().max(100, 'The reference must be at most 100 characters.'),
});

export async function recordPayment(input: z.input<typeof recordPaymentInput>): Promise<void> {
  const { id, method, reference } = recordPaymentInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('record_order_payment', { order_id: id, method, reference });
  if (error) throw error;
}
