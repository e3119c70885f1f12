/** Completes an erasure request: the database erases, keeps what the tax law needs, audits and queues the mail. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const completeDataRequestInput = z.object({ id: z.uuid() });

/** Resolves with the note saying what was kept, why and until when. */
export async function completeDataRequest(input: z.input<typeof completeDataRequestInput>): Promise<string> {
  const { id } = completeDataRequestInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('complete_data_erasure', { request_id: id });
  if (error) throw error;
  return data.note ?? '';
}
