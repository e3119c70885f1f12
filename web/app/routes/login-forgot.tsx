/** /login/forgot: request a password recovery e-mail. */
import { Link } from 'react-router';
import { ForgotPasswordForm } from '../features/session/forgot-password-form';
import { AuthCard } from '../shell/auth-card';

export function meta() {
  return [{ title: 'Forgot password' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function LoginForgot() {
  return (
    <AuthCard title="Forgot password">
      <ForgotPasswordForm />
      <p>
        <Link to="/login">Back to sign-in</Link>
      </p>
    </AuthCard>
  );
}
