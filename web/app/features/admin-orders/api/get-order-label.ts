/** What an order's toasts name it by: its reference, the customer's address, the M-Pesa code entered. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const getOrderLabelInput = z.object({ id: z.uuid() });

export async function getOrderLabel(input: z.input<typeof getOrderLabelInput>) {
  const { id } = getOrderLabelInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select('reference, customer_email, mpesa_code')
    .eq('id', id)
    .single();
  if (error) throw error;
  return data;
}
