/** Queues the order's confirmation e-mail again (resend_order_confirmation). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const resendConfirmationInput = z.object({ id: z.uuid() });

export async function resendConfirmation(input: z.input<typeof resendConfirmationInput>): Promise<void> {
  const { id } = resendConfirmationInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('resend_order_confirmation', { order_id: id });
  if (error) throw error;
}
