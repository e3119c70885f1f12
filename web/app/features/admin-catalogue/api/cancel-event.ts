/** Cancels an event: the database cancels its registrations and e-mails their people. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const cancelEventInput = z.object({ id: z.uuid() });

export async function cancelEvent(input: z.input<typeof cancelEventInput>): Promise<void> {
  const { id } = cancelEventInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase
    .from('events')
    .update({ cancelled_at: new Date().toISOString() })
    .eq('id', id)
    .select('id')
    .single();
  if (error) throw error;
}
