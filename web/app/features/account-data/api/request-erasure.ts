/** Asks for the data held about the signed-in customer's address to be deleted (a second ask answers the open request). */
import { customerSupabase } from '../../../lib/supabase/customer-client';
import type { OpenRequest } from './read-my-data';

export async function requestErasure(): Promise<OpenRequest> {
  const supabase = await customerSupabase();
  if (!supabase) throw new Error('signed out');
  const { data, error } = await supabase.rpc('request_data_erasure').single();
  if (error) throw error;
  return { id: data.id, requested_at: data.requested_at, due_by: data.due_by };
}
