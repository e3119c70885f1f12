/**
 * /account: a signed-in customer's orders, registrations, certificates, newsletter and details,
 * read with their own session through RLS. Without a session it sends the visitor to
 * /account/sign-in. Browser-only (the session layout), never indexed.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_SCREEN_TITLES } from '../config/auth-screens';
import { accountSignInPath } from '../config/account-paths';
import { AccountOverview, type AccountServices } from '../features/account/account-overview';
import { signOut } from '../features/session/sign-out';
import { linkedInAddToProfileUrl } from '../features/verify/linkedin-link';
import { useSession } from '../features/session/session-provider';
import { AuthCard } from '../shell/auth-card';
import '../components/ui/form-fields.css';
import '../features/account/account.css';

const title = AUTH_SCREEN_TITLES['/account'];

const services: AccountServices = {
  signOut,
  // Loaded on use, as the footer's form does: a static import splits the footer's messages into a
  // chunk of their own, preloaded on every page.
  subscribe: async (email) => (await import('../features/newsletter/subscribe')).subscribeToNewsletter(email),
  linkedInUrl: linkedInAddToProfileUrl,
};

export function meta() {
  return [{ title }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function Account() {
  const { session, user, loading, error } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (!loading && !session && !error) void navigate(accountSignInPath, { replace: true });
  }, [loading, session, error, navigate]);
  return (
    <AuthCard title={title} wide>
      {error ? (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      ) : session && user?.email ? (
        <AccountOverview email={user.email} metadata={user.user_metadata} services={services} />
      ) : (
        <p role="status">Loading…</p>
      )}
    </AuthCard>
  );
}
