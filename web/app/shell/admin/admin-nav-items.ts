/** The admin area's navigation: one line per section (each admin page's owner adds or edits its own). */
export interface AdminNavItem {
  to: string;
  label: string;
  /** Only the exact path counts as current (the dashboard, which every other path is under). */
  end?: boolean;
}

export const adminNavItems: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/stats', label: 'Stats' },
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/training-programs', label: 'Training programs' },
  { to: '/admin/services', label: 'Services' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/enquiries', label: 'Enquiries' },
  { to: '/admin/subscribers', label: 'Subscribers' },
  { to: '/admin/audit', label: 'Audit log' },
];
