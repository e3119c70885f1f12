/** Saves an intake's dates, place, capacity and publication (see create-intake.ts for the checks). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { intakeValues } from './create-intake';

export const updateIntakeInput = z.object({ id: z.uuid(), values: intakeValues });

export async function updateIntake(input: z.input<typeof updateIntakeInput>): Promise<void> {
  const { id, values } = updateIntakeInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.from('program_intakes').update(values).eq('id', id).select('id').single();
  if (error) throw error;
}
