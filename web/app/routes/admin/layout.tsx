/**
 * /admin and its pages: the signed-in staff member's frame (navigation, e-mail, sign out). Without
 * a session the session provider sends the browser to /login; a signed-in account that is not
 * staff sees why instead of the page, and so does a staff member on a screen their roles do not open; a staff member who passed only the password goes to /login
 * for the second step (TOTP), as the session's sign-in stage says. Client-only through the session layout above it.
 */
import { adminMeta } from '../../shell/admin/admin-meta';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useSession } from '../../features/session/session-provider';
import { useStaffStatus } from '../../features/session/use-staff-status';
import { loginPath } from '../../features/session/session-redirects';
import { openedByEmailedCode } from '../../features/session/sign-in-stage';
import { useIdleSignOut } from '../../features/session/use-idle-sign-out';
import { AdminHeader } from '../../shell/admin/admin-header';
import { NotStaff } from '../../shell/admin/not-staff';
import { NoAccess } from '../../shell/admin/no-access';
import { mayUse, requiredRoles } from '../../shell/admin/admin-access';
import '../../shell/admin/admin.css';

export function meta() {
  return adminMeta();
}

function Status({ children }: { children: string }) {
  return (
    <main id="main" className="auth-status">
      <p role="status">{children}</p>
    </main>
  );
}

/** After a client-side page change, focus moves to the new page, as on the public site. */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export default function AdminLayout() {
  const { session, user, loading, error, stage } = useSession();
  // A customer's sign-in (an e-mailed code) is never staff, whatever public.staff says.
  const byEmailedCode = session !== null && openedByEmailedCode(session);
  const staffStatus = useStaffStatus(byEmailedCode ? undefined : user?.id);
  const { roles, retry } = staffStatus;
  const status = byEmailedCode ? 'not-staff' : staffStatus.status;
  useFocusMainOnNavigation();
  // A screen some roles only may open (its route's handle): others see why instead of it.
  const allowed = requiredRoles(useMatches());
  const navigate = useNavigate();
  // A page opened here while the second step is due (a recovery link's new password opens /admin)
  // goes to /login's code step: the session's one decision, applied where the browser is.
  const secondStepDue = stage === 'code';
  useEffect(() => {
    if (secondStepDue) void navigate(loginPath, { replace: true });
  }, [secondStepDue, navigate]);
  const complete = stage === 'complete';
  // Staff sessions end after the inactivity time-out (a site setting).
  useIdleSignOut(status === 'staff' && complete);

  if (loading) return <Status>Loading your session…</Status>;
  if (error) {
    return (
      <main id="main" className="auth-status">
        <p role="alert">{error}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </main>
    );
  }
  // The provider is already on its way to /login.
  if (!user) return <Status>Signing you in…</Status>;
  const email = user.email ?? '';
  if (!complete) {
    return <Status>{secondStepDue ? 'Taking you to the second sign-in step…' : 'Checking your sign-in…'}</Status>;
  }
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AdminHeader email={email} roles={status === 'staff' ? roles : null} />
      <main id="main" className="admin-main" tabIndex={-1}>
        {status === 'checking' && <p role="status">Checking your access…</p>}
        {status === 'failed' && (
          <>
            <p role="alert">Could not check your access to the admin area. Check your connection and try again.</p>
            <button type="button" className="button" onClick={retry}>
              Try again
            </button>
          </>
        )}
        {status === 'not-staff' && <NotStaff email={email} byEmailedCode={byEmailedCode} />}
        {status === 'staff' && (mayUse(roles, allowed) ? <Outlet /> : <NoAccess allowed={allowed ?? []} />)}
      </main>
    </>
  );
}
