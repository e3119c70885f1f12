/** Checks a confirmed registration in (now) or undoes it (null); refuses loudly when nothing changed. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const setCheckedInInput = z.object({ id: z.uuid(), checkedIn: z.boolean() });

export async function setCheckedIn(input: z.input<typeof setCheckedInInput>): Promise<{ name: string }> {
  const { id, checkedIn } = setCheckedInInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('event_registrations')
    .update({ checked_in_at: checkedIn ? new Date().toISOString() : null })
    .eq('id', id)
    .select('name');
  if (error) throw error;
  if (data.length !== 1) throw { code: 'PGRST116', message: 'No registration was changed.' };
  return data[0]!;
}
