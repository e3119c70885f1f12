/** The staff roles as the staff screen names them (docs/staff.md has what each may do). */
import type { StaffRole } from '../../lib/staff-roles';

export const roleLabels: Record<StaffRole, string> = {
  admin: 'Admin',
  finance: 'Finance',
  programmes: 'Programmes',
  marketing: 'Marketing',
  front_desk: 'Front desk',
};

/** "Finance, Programmes": a member's roles in words, in the screen's order. */
export function rolesInWords(roles: readonly string[]): string {
  return (Object.keys(roleLabels) as StaffRole[])
    .filter((role) => roles.includes(role))
    .map((role) => roleLabels[role])
    .join(', ');
}
