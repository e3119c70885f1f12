/** Everything the institute holds about the signed-in customer's address, and their open deletion request if any; null without a session. */
import { customerSupabase } from '../../../lib/supabase/customer-client';
import type { MyData } from '../data-kinds';

export interface OpenRequest {
  id: string;
  requested_at: string;
  due_by: string;
}

export interface MyDataRead {
  data: MyData;
  openRequest: OpenRequest | null;
}

export async function readMyData(): Promise<MyDataRead | null> {
  const supabase = await customerSupabase();
  if (!supabase) return null;
  const [mine, open] = await Promise.all([
    supabase.rpc('my_data'),
    supabase.from('data_erasure_requests').select('id, requested_at, due_by').eq('status', 'open').maybeSingle(),
  ]);
  if (mine.error) throw mine.error;
  if (open.error) throw open.error;
  return { data: mine.data as MyData, openRequest: open.data };
}
