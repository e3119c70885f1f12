/** The staff roles (public.staff.roles; docs/staff.md has what each may do). */
export const staffRoles = ['admin', 'finance', 'programmes', 'marketing', 'front_desk'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The known roles among those a staff row lists (the database checks them; this narrows the type). */
export function knownRoles(roles: readonly string[]): StaffRole[] {
  return staffRoles.filter((role) => roles.includes(role));
}
