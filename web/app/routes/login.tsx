/**
 * /login: the staff sign-in screen, outside the site layout: the password, then for staff the
 * second step's code on the same screen (never inside /admin). The session controller decides the
 * step once per session and opens /admin when the sign-in is complete, so this page only shows it.
 */
import { LoginForm } from '../features/session/login-form';
import { SecondFactor } from '../features/session/second-factor';
import { useSession } from '../features/session/session-provider';
import { AuthCard } from '../shell/auth-card';
import { AUTH_SCREEN_TITLES } from '../config/auth-screens';

export function meta() {
  return [{ title: AUTH_SCREEN_TITLES['/login'] }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function Login() {
  const { session, stage } = useSession();
  if (session && stage === 'code') {
    return (
      <AuthCard title="Two-step sign-in">
        <SecondFactor />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={AUTH_SCREEN_TITLES['/login']}>
      {session && stage === 'deciding' ? (
        <p role="status">Checking your sign-in…</p>
      ) : session && stage === 'complete' ? (
        <p role="status">Opening the admin…</p>
      ) : (
        <LoginForm />
      )}
    </AuthCard>
  );
}
