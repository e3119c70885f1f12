/**
 * TEMPORARY /admin layout for the catalogue screens until auth's routes/admin/layout.tsx is
 * merged (admin contract): inside the site layout (which configures the browser client), a staff
 * sign-in gate, the catalogue navigation and the page. Removed when switching to auth's layout.
 */
import type { HeadersFunction, MetaFunction } from 'react-router';
import { NavLink, Outlet } from 'react-router';
import { StaffGate } from '../../features/admin-catalogue/staff-gate';

export const meta: MetaFunction = () => [{ title: 'Admin' }, { name: 'robots', content: 'noindex' }];
export const headers: HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-store' });

const links = [
  ['/admin/stats', 'Stats'],
  ['/admin/events', 'Events'],
  ['/admin/training-programs', 'Training programs'],
  ['/admin/services', 'Services'],
] as const;

export default function AdminCataloguePreviewLayout() {
  return (
    <div className="container">
      <StaffGate
        nav={
          <nav aria-label="Admin">
            <ul className="row-actions">
              {links.map(([to, label]) => (
                <li key={to}>
                  <NavLink to={to}>{label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
        }
      >
        <Outlet />
      </StaffGate>
    </div>
  );
}
