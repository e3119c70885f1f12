/** /login: the staff sign-in screen, outside the site layout. */
import { LoginForm } from '../features/session/login-form';
import { AuthCard } from '../shell/auth-card';
import { AUTH_SCREEN_TITLES } from '../config/auth-screens';

export function meta() {
  return [{ title: AUTH_SCREEN_TITLES['/login'] }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function Login() {
  return (
    <AuthCard title={AUTH_SCREEN_TITLES['/login']}>
      <LoginForm />
    </AuthCard>
  );
}
