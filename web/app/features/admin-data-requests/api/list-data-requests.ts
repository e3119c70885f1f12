/** The open erasure requests, soonest due first (RLS: admins only read them). */
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

export type DataRequest = Pick<
  Database['public']['Tables']['data_erasure_requests']['Row'],
  'id' | 'email' | 'requested_at' | 'due_by'
>;

export async function listDataRequests(): Promise<DataRequest[]> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('data_erasure_requests')
    .select('id, email, requested_at, due_by')
    .eq('status', 'open')
    .order('due_by')
    .order('id');
  if (error) throw error;
  return data;
}
