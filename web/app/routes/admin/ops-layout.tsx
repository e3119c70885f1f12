/**
 * TEMPORARY admin layout of the admin-ops branch, until the auth branch's routes/admin/layout.tsx
 * (navigation, session, sign-out, non-staff explanation) is merged: then routes.ts points
 * /admin at that layout and this file is deleted. Client-only: the session lives in the browser.
 */
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { configureBrowserSupabase, getBrowserSupabase } from '../../lib/supabase/browser-client';
import { useRootData } from '../../lib/root-data';
import '../../shell/site-shell.css';

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading the admin…</p>;
}

type Access = 'checking' | 'signed-out' | 'not-staff' | 'staff';

export default function AdminOpsLayout() {
  const root = useRootData();
  configureBrowserSupabase(root?.env);
  const [access, setAccess] = useState<Access>('checking');
  const { pathname } = useLocation();
  // Link with aria-current rather than NavLink: NavLink would join the framework chunk every public page loads.
  const current = (to: string) => (pathname === to ? 'page' : undefined);

  useEffect(() => {
    let live = true;
    void (async () => {
      const supabase = await getBrowserSupabase();
      const { data } = await supabase.auth.getSession();
      const userId = data.session?.user.id;
      if (!userId) return live && setAccess('signed-out');
      const { data: rows, error } = await supabase.from('staff').select('user_id').eq('user_id', userId);
      if (live) setAccess(!error && rows.length === 1 ? 'staff' : 'not-staff');
    })();
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <nav aria-label="Admin">
          <ul>
            <li>
              <Link to="/admin" aria-current={current('/admin')}>
                Dashboard
              </Link>
            </li>
            <li>
              <Link to="/admin/orders" aria-current={current('/admin/orders')}>
                Orders
              </Link>
            </li>
            <li>
              <Link to="/admin/subscribers" aria-current={current('/admin/subscribers')}>
                Subscribers
              </Link>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {access === 'checking' && <p role="status">Checking your session…</p>}
        {access === 'signed-out' && <p>Please sign in with a staff account.</p>}
        {access === 'not-staff' && <p>This account is not a staff account: the admin area is for staff only.</p>}
        {access === 'staff' && <Outlet />}
      </main>
    </>
  );
}
