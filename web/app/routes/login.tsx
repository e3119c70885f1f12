/**
 * /login: the staff sign-in screen, outside the site layout: the password, then for staff the
 * second step's code on the same screen (never inside /admin); verified, the browser goes to /admin.
 */
import { useNavigate } from 'react-router';
import { LoginForm } from '../features/session/login-form';
import { SecondFactor } from '../features/session/second-factor';
import { adminPath } from '../features/session/session-redirects';
import { useLoginStep } from '../features/session/use-login-step';
import { AuthCard } from '../shell/auth-card';
import { AUTH_SCREEN_TITLES } from '../config/auth-screens';

export function meta() {
  return [{ title: AUTH_SCREEN_TITLES['/login'] }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function Login() {
  const step = useLoginStep();
  const navigate = useNavigate();
  if (step === 'code') {
    return (
      <AuthCard title="Two-step sign-in">
        <SecondFactor onVerified={() => void navigate(adminPath, { replace: true })} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={AUTH_SCREEN_TITLES['/login']}>
      <LoginForm />
    </AuthCard>
  );
}
