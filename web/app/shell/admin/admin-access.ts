/**
 * Which staff roles may open the admin screens that are not for everyone: one list for the
 * navigation and the route guard (docs/staff.md's matrix; the database stays the authority and
 * refuses the same people their reads and writes).
 */
import type { UIMatch } from 'react-router';
import type { StaffRole } from '../../lib/staff-roles';

/** The roles besides admin that may use each guarded screen (private.staff_access's writers of its table). */
export const screenRoles = {
  eventEditor: ['programmes', 'marketing'],
  programEditor: ['programmes'],
  serviceEditor: ['programmes'],
  staff: [],
  // Erasure is irreversible and crosses orders, registrations and enquiries: admins only.
  dataRequests: [],
  taxDocuments: ['finance'],
  // Marketing writes vouchers, finance reads them and their use.
  vouchers: ['marketing', 'finance'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** A guarded admin route's `handle` export: the roles besides admin that may open it. */
export interface AdminRouteHandle {
  roles: readonly StaffRole[];
}

/** Whether someone with `roles` may use a screen open to `allowed` (undefined: every staff member). */
export function mayUse(roles: readonly StaffRole[], allowed: readonly StaffRole[] | undefined): boolean {
  if (!allowed || roles.includes('admin')) return true;
  return allowed.some((role) => roles.includes(role));
}

function isAdminRouteHandle(handle: unknown): handle is AdminRouteHandle {
  return typeof handle === 'object' && handle !== null && Array.isArray((handle as { roles?: unknown }).roles);
}

/** The roles the deepest guarded route among the current matches asks for (undefined: none asks). */
export function requiredRoles(matches: readonly UIMatch[]): readonly StaffRole[] | undefined {
  return matches.map((match) => match.handle).findLast(isAdminRouteHandle)?.roles;
}
