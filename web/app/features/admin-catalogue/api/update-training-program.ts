/** Saves a training program's form (checked again here: the action receives it as JSON); answers the saved row. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { programSchema } from '../schemas';

export const updateTrainingProgramInput = z.object({ id: z.uuid(), values: programSchema });

export async function updateTrainingProgram(
  input: z.input<typeof updateTrainingProgramInput>,
): Promise<Database['public']['Tables']['training_programs']['Row']> {
  const { id, values } = updateTrainingProgramInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('training_programs').update(values).eq('id', id).select('*').single();
  if (error) throw error;
  return data;
}
