/** Staff's verdict on the M-Pesa code the customer entered (check_order_mpesa_code). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const mpesaCodeVerdicts = ['verified', 'rejected'] as const;

export const checkMpesaCodeInput = z.object({ id: z.uuid(), verdict: z.enum(mpesaCodeVerdicts) });

export async function checkMpesaCode(input: z.input<typeof checkMpesaCodeInput>): Promise<void> {
  const { id, verdict } = checkMpesaCodeInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('check_order_mpesa_code', { order_id: id, verdict });
  if (error) throw error;
}
