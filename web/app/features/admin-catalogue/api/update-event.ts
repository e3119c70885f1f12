/** Saves an event's form (checked again here: the action receives it as JSON); answers the saved row. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { eventSchema } from '../schemas';

export const updateEventInput = z.object({ id: z.uuid(), values: eventSchema });

export async function updateEvent(
  input: z.input<typeof updateEventInput>,
): Promise<Database['public']['Tables']['events']['Row']> {
  const { id, values } = updateEventInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('events').update(values).eq('id', id).select('*').single();
  if (error) throw error;
  return data;
}
