/**
 * /account/sign-in: a customer's sign-in with a code e-mailed to their address (no password). It
 * shares the session layout with /login, so one session provider holds the session; a signed-in
 * visitor goes on to /account, or to the account page that sent them here (`?next=`). A session
 * from a code never has staff rights (the database checks how the session was opened), so staff
 * sign in on /login.
 */
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_SCREEN_TITLES } from '../config/auth-screens';
import { accountReturnPath } from '../config/account-paths';
import { CodeSignInForm } from '../features/account/code-sign-in-form';
import { useSession } from '../features/session/session-provider';
import { AuthCard } from '../shell/auth-card';
import '../components/ui/form-fields.css';

const title = AUTH_SCREEN_TITLES['/account/sign-in'];

export function meta() {
  return [{ title }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AccountSignIn() {
  const { session, loading, error } = useSession();
  const navigate = useNavigate();
  // useLocation, not useSearchParams: the latter would add its code to every page's shared React Router chunk.
  const next = accountReturnPath(new URLSearchParams(useLocation().search).get('next'));
  useEffect(() => {
    if (session) void navigate(next, { replace: true });
  }, [session, navigate, next]);
  return (
    <AuthCard title={title}>
      {error ? (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      ) : null}
      {loading || session ? <p role="status">{session ? 'Opening your account…' : 'Loading…'}</p> : <CodeSignInForm />}
      <p>
        Staff of the institute: <Link to="/login">staff sign-in</Link>.
      </p>
    </AuthCard>
  );
}
