/** Adds or removes a session day of an intake (the database keeps days within the intake's dates). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const addSessionDayInput = z.object({
  intakeId: z.uuid(),
  day: z.iso.date({ error: 'Choose a date.' }),
});

export async function addSessionDay(input: z.input<typeof addSessionDayInput>): Promise<void> {
  const { intakeId, day } = addSessionDayInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.from('intake_session_days').insert({ intake_id: intakeId, day }).select('id');
  if (error) throw error;
}

export const removeSessionDayInput = z.object({ id: z.uuid() });

/** Its marks go with it. */
export async function removeSessionDay(input: z.input<typeof removeSessionDayInput>): Promise<void> {
  const { id } = removeSessionDayInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.from('intake_session_days').delete().eq('id', id).select('id').single();
  if (error) throw error;
}
