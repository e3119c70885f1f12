/** The admin area's header: navigation, the signed-in staff member's e-mail, the theme and Sign out. */
import { NavLink } from 'react-router';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { SignOutButton } from './sign-out-button';
import { adminNavItems } from './admin-nav-items';

export function AdminHeader({ email, showNav }: { email: string; showNav: boolean }) {
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
      {showNav && (
        <nav className="admin-nav" aria-label="Admin">
          <ul>
            {adminNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
