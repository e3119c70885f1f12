/** Creates a training program from its form's input (checked again here: the action receives it as JSON). */
import type { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { programSchema } from '../schemas';

export async function createTrainingProgram(
  input: z.input<typeof programSchema>,
): Promise<Database['public']['Tables']['training_programs']['Row']> {
  const values = programSchema.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('training_programs').insert(values).select('*').single();
  if (error) throw error;
  return data;
}
