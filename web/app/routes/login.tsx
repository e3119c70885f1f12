/** /login: the staff sign-in screen, outside the site layout. */
import { Link } from 'react-router';
import { LoginForm } from '../features/session/login-form';
import { ThemeToggle } from '../features/theme/theme-toggle';
import { useRootData } from '../lib/root-data';

export function meta() {
  return [{ title: 'Staff sign-in' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function Login() {
  const name = useRootData()?.settings.instituteName;
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <div className="auth-card__top">
          <Link to="/">{name ?? 'Home'}</Link>
          <ThemeToggle />
        </div>
        <h1>Staff sign-in</h1>
        <LoginForm />
      </div>
    </main>
  );
}
