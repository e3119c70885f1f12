/** The staff an enquiry can be assigned to, by e-mail. */
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

export type StaffMember = Pick<Database['public']['Tables']['staff']['Row'], 'user_id' | 'email'>;

export async function listStaffMembers(): Promise<StaffMember[]> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('staff').select('user_id, email').order('email');
  if (error) throw error;
  return data;
}
