/** /login/reset: where a recovery link lands; set a new password. */
import { ResetPasswordForm } from '../features/session/reset-password-form';
import { AuthCard } from '../shell/auth-card';

export function meta() {
  return [{ title: 'Set a new password' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function LoginReset() {
  return (
    <AuthCard title="Set a new password">
      <ResetPasswordForm />
    </AuthCard>
  );
}
