/** Creates a service from its form's input (checked again here: the action receives it as JSON). */
import type { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { serviceSchema } from '../schemas';

export async function createService(
  input: z.input<typeof serviceSchema>,
): Promise<Database['public']['Tables']['services']['Row']> {
  const values = serviceSchema.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('services').insert(values).select('*').single();
  if (error) throw error;
  return data;
}
