/** An order's M-Pesa prompts for its admin page (staff_mpesa_attempts: phone masked, RLS decides). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const listMpesaAttemptsInput = z.object({ orderId: z.uuid() });

export async function listMpesaAttempts(input: z.input<typeof listMpesaAttemptsInput>) {
  const { orderId } = listMpesaAttemptsInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('staff_mpesa_attempts', { target_order: orderId });
  if (error) throw error;
  return data;
}

export type MpesaAttempt = Awaited<ReturnType<typeof listMpesaAttempts>>[number];
