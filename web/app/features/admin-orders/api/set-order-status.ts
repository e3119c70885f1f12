/** Moves an order along its workflow (set_order_status checks staff and the allowed steps). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { orderStatuses } from '../order-status';

export const setOrderStatusInput = z.object({ id: z.uuid(), status: z.enum(orderStatuses) });

export async function setOrderStatus(input: z.input<typeof setOrderStatusInput>): Promise<void> {
  const { id, status } = setOrderStatusInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('set_order_status', { order_id: id, status });
  if (error) throw error;
}
