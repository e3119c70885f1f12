/** Creates an event from its form's input (checked again here: the action receives it as JSON). */
import type { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { eventSchema } from '../schemas';

export async function createEvent(
  input: z.input<typeof eventSchema>,
): Promise<Database['public']['Tables']['events']['Row']> {
  const values = eventSchema.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('events').insert(values).select('*').single();
  if (error) throw error;
  return data;
}
