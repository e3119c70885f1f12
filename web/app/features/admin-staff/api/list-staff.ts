/** Every staff member with roles, active state, second factor and last sign-in (admin only: staff_members()). */
import type { Database } from '../../../lib/supabase/database';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export type StaffMember = Database['public']['Functions']['staff_members']['Returns'][number];

export async function listStaff(): Promise<StaffMember[]> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('staff_members');
  if (error) throw error;
  return data;
}
