/** Deactivates (rights and sessions end at once) or reactivates a staff member. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const setStaffActiveInput = z.object({ userId: z.uuid(), active: z.boolean() });

export async function setStaffActive(input: z.input<typeof setStaffActiveInput>): Promise<void> {
  const { userId, active } = setStaffActiveInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('set_staff_active', { target: userId, active });
  if (error) throw error;
}
