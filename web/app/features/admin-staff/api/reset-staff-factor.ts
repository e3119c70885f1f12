/** Removes a staff member's second factor (a lost phone): their sessions end and they enrol again. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const resetStaffFactorInput = z.object({ userId: z.uuid() });

export async function resetStaffFactor(input: z.input<typeof resetStaffFactorInput>): Promise<void> {
  const { userId } = resetStaffFactorInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('reset_staff_factor', { target: userId });
  if (error) throw error;
}
