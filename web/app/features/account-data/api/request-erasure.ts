/** Asks for the data held about the signed-in customer's address to be deleted (a second ask answers the open request). */
import { customerSupabase } from '../../../lib/supabase/customer-client';
import { accountDataPath } from '../../../config/account-paths';

export async function requestErasure(): Promise<{ dueBy: string; alreadyRequested: boolean }> {
  const supabase = await customerSupabase(accountDataPath);
  const { data, error } = await supabase.rpc('request_data_erasure').single();
  if (error) throw error;
  return { dueBy: data.due_by, alreadyRequested: data.already_requested };
}
