/** Sign out: disabled while it runs; a failure is said beside it (the session provider redirects on success). */
import { useState } from 'react';
import { signOut } from '../../features/session/sign-out';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  async function signOutHere() {
    setBusy(true);
    setMessage(await signOut());
    setBusy(false);
  }
  return (
    <span className="admin-sign-out">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        onClick={() => void signOutHere()}
      >
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
      <span role="alert" className="auth-form__error">
        {message}
      </span>
    </span>
  );
}
