/** /login/forgot: request a password recovery e-mail. */
import { Link } from 'react-router';
import { ForgotPasswordForm } from '../features/session/forgot-password-form';
import { AuthCard } from '../shell/auth-card';
import { AUTH_SCREEN_TITLES } from '../config/auth-screens';

export function meta() {
  return [{ title: AUTH_SCREEN_TITLES['/login/forgot'] }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function LoginForgot() {
  return (
    <AuthCard title={AUTH_SCREEN_TITLES['/login/forgot']}>
      <ForgotPasswordForm />
      <p>
        <Link to="/login">Back to sign-in</Link>
      </p>
    </AuthCard>
  );
}
