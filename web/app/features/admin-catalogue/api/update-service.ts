/** Saves a service's form (checked again here: the action receives it as JSON); answers the saved row. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { serviceSchema } from '../schemas';

export const updateServiceInput = z.object({ id: z.uuid(), values: serviceSchema });

export async function updateService(
  input: z.input<typeof updateServiceInput>,
): Promise<Database['public']['Tables']['services']['Row']> {
  const { id, values } = updateServiceInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('services').update(values).eq('id', id).select('*').single();
  if (error) throw error;
  return data;
}
