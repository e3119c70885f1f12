/** an event by its id, for its edit page; null when no row has the id (or the id cannot be one). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

export const getEventInput = z.object({ id: z.string() });

export async function getEvent(
  input: z.input<typeof getEventInput>,
): Promise<Database['public']['Tables']['events']['Row'] | null> {
  const { id } = getEventInput.parse(input);
  if (!z.uuid().safeParse(id).success) return null;
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('events').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data;
}
