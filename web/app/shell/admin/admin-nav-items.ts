/**
 * The admin area's navigation: one line per section (each admin page's owner adds or edits its own),
 * shown to the staff roles that may use it (docs/staff.md's matrix; the database stays the authority).
 */
import type { StaffRole } from '../../lib/staff-roles';
import { mayUse, screenRoles } from './admin-access';

export interface AdminNavItem {
  to: string;
  label: string;
  /** The roles besides admin that see it; absent: every staff member; empty: admins only. */
  roles?: readonly StaffRole[];
  /** Only the exact path counts as current (the dashboard, which every other path is under). */
  end?: boolean;
}

export const adminNavItems: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/stats', label: 'Stats', roles: ['marketing', 'finance'] },
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/training-programs', label: 'Training programs' },
  { to: '/admin/services', label: 'Services', roles: ['programmes', 'marketing', 'front_desk'] },
  { to: '/admin/orders', label: 'Orders', roles: ['finance', 'programmes'] },
  { to: '/admin/tax-documents', label: 'Tax documents', roles: screenRoles.taxDocuments },
  { to: '/admin/enquiries', label: 'Enquiries', roles: ['front_desk', 'marketing'] },
  { to: '/admin/subscribers', label: 'Subscribers', roles: ['marketing'] },
  { to: '/admin/campaigns', label: 'Campaigns', roles: ['marketing'] },
  { to: '/admin/vouchers', label: 'Vouchers', roles: screenRoles.vouchers },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/staff', label: 'Staff', roles: screenRoles.staff },
  { to: '/admin/data-requests', label: 'Data requests', roles: screenRoles.dataRequests },
];

/** The items a staff member with `roles` may use. */
export function navItemsFor(roles: readonly StaffRole[]): AdminNavItem[] {
  return adminNavItems.filter((item) => mayUse(roles, item.roles));
}
