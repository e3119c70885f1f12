/** /login/reset: where a recovery link lands; set a new password. */
import { ResetPasswordForm } from '../features/session/reset-password-form';
import { AuthCard } from '../shell/auth-card';
import { AUTH_SCREEN_TITLES } from '../config/auth-screens';

export function meta() {
  return [{ title: AUTH_SCREEN_TITLES['/login/reset'] }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function LoginReset() {
  return (
    <AuthCard title={AUTH_SCREEN_TITLES['/login/reset']}>
      <ResetPasswordForm />
    </AuthCard>
  );
}
