/** /login: the staff sign-in screen, outside the site layout. */
import { LoginForm } from '../features/session/login-form';
import { AuthCard } from '../shell/auth-card';

export function meta() {
  return [{ title: 'Staff sign-in' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function Login() {
  return (
    <AuthCard title="Staff sign-in">
      <LoginForm />
    </AuthCard>
  );
}
