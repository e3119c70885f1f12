/** Gives a staff member these roles (at least one; the database keeps the last active admin). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { staffRoles } from '../../../lib/staff-roles';

export const setStaffRolesInput = z.object({
  userId: z.uuid(),
  roles: z.array(z.enum(staffRoles)).min(1, 'Choose at least one role.'),
});

export async function setStaffRoles(input: z.input<typeof setStaffRolesInput>): Promise<void> {
  const { userId, roles } = setStaffRolesInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('set_staff_roles', { target: userId, roles });
  if (error) throw error;
}
