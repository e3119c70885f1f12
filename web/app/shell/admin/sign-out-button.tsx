/** Sign out (this browser) and Sign out everywhere: disabled while one runs; a failure is said beside them (the session provider redirects on success). */
import { useState } from 'react';
import { signOut } from '../../features/session/sign-out';

export function SignOutButton() {
  const [busy, setBusy] = useState<'local' | 'global' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  async function run(scope: 'local' | 'global') {
    setBusy(scope);
    setMessage(await signOut(scope));
    setBusy(null);
  }
  return (
    <span className="admin-sign-out">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy !== null}
        onClick={() => void run('local')}
      >
        {busy === 'local' ? 'Signing out…' : 'Sign out'}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy !== null}
        onClick={() => void run('global')}
      >
        {busy === 'global' ? 'Signing out everywhere…' : 'Sign out everywhere'}
      </button>
      <span role="alert" className="auth-form__error">
        {message}
      </span>
    </span>
  );
}
