/** Everything the institute holds about the signed-in customer's address, and their open deletion request if any. */
import { customerSupabase } from '../../../lib/supabase/customer-client';
import { accountDataPath } from '../../../config/account-paths';
import type { MyData } from '../data-kinds';

export interface OpenRequest {
  id: string;
  requested_at: string;
  due_by: string;
}

export async function readMyData(): Promise<{ data: MyData; openRequest: OpenRequest | null }> {
  const supabase = await customerSupabase(accountDataPath);
  const [mine, open] = await Promise.all([
    supabase.rpc('my_data'),
    supabase.from('data_erasure_requests').select('id, requested_at, due_by').eq('status', 'open').maybeSingle(),
  ]);
  if (mine.error) throw mine.error;
  if (open.error) throw open.error;
  return { data: mine.data as MyData, openRequest: open.data };
}
