/** The admin area's header: navigation, the signed-in staff member's e-mail, the theme and Sign out. */
import { Link, useLocation } from 'react-router';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { SignOutButton } from './sign-out-button';
import { navItemsFor, type AdminNavItem } from './admin-nav-items';
import type { StaffRole } from '../../lib/staff-roles';

/**
 * Link with aria-current rather than NavLink: NavLink would be new React Router code in the framework
 * chunk every visitor page loads (the 118 KiB budget), for the admin alone.
 */
function isCurrent(item: AdminNavItem, pathname: string): boolean {
  const path = pathname.replace(/\/$/, '') || '/';
  return path === item.to || (!item.end && path.startsWith(`${item.to}/`));
}

export function AdminHeader({ email, roles }: { email: string; roles: readonly StaffRole[] | null }) {
  const { pathname } = useLocation();
  return (
    <header className="admin-header">
      <div className="admin-header__row">
        <a className="admin-header__brand" href="/">
          Ascent admin
        </a>
        <span className="admin-header__user">
          Signed in as <strong>{email}</strong>
        </span>
        <ThemeToggle />
        <SignOutButton />
      </div>
      {roles && (
        <nav className="admin-nav" aria-label="Admin">
          <ul>
            {navItemsFor(roles).map((item) => (
              <li key={item.to}>
                <Link to={item.to} aria-current={isCurrent(item, pathname) ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
