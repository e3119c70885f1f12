/** a training program by its id, for its edit page; null when no row has the id (or the id cannot be one). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

export const getTrainingProgramInput = z.object({ id: z.string() });

export async function getTrainingProgram(
  input: z.input<typeof getTrainingProgramInput>,
): Promise<Database['public']['Tables']['training_programs']['Row'] | null> {
  const { id } = getTrainingProgramInput.parse(input);
  if (!z.uuid().safeParse(id).success) return null;
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('training_programs').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data;
}
