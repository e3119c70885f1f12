/**
 * /account/sign-in: a customer's sign-in with a code e-mailed to their address (no password). It
 * shares the session layout with /login, so one session provider holds the session; a signed-in
 * visitor goes on to /account. A session from a code never has staff rights (the database checks
 * how the session was opened), so staff sign in on /login.
 */
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTH_SCREEN_TITLES } from '../config/auth-screens';
import { accountPath } from '../features/account/account-paths';
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
  useEffect(() => {
    if (session) void navigate(accountPath, { replace: true });
  }, [session, navigate]);
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
