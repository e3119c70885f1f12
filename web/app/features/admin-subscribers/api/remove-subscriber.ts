/** Removes one subscriber (staff only, by RLS policy); refuses loudly when nothing was removed (not allowed, already gone). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const removeSubscriberInput = z.object({ id: z.uuid() });

export async function removeSubscriber(input: z.input<typeof removeSubscriberInput>): Promise<void> {
  const { id } = removeSubscriberInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('newsletter_subscribers').delete().eq('id', id).select('id');
  if (error) throw error;
  if (data.length !== 1) throw { code: 'PGRST116', message: 'No subscriber was removed.' };
}
