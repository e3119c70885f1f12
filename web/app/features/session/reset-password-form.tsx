/**
 * /login/reset: the page a recovery link opens. supabase-js signs the user in from the link
 * (PASSWORD_RECOVERY); the form then sets a new password with updateUser and opens /admin.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormField } from '../../components/ui/form-field';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { newPasswordMessage } from './recovery-messages';
import { useSession } from './session-provider';
import './session.css';

/** The error GoTrue put in the link's fragment (an expired or used link), read before supabase-js clears it. */
function linkError(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.hash.slice(1)).get('error_description');
}

export function ResetPasswordForm() {
  const { session, loading } = useSession();
  const navigate = useNavigate();
  const [failedLink] = useState(linkError);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password === '') return setError('Enter a new password.');
    if (password !== String(form.get('confirm') ?? '')) return setError('The two passwords do not match.');
    setSubmitting(true);
    setError(null);
    try {
      const supabase = await getBrowserSupabase();
      const { error: failure } = await supabase.auth.updateUser({ password });
      if (failure) {
        setError(newPasswordMessage(failure));
        return;
      }
      await navigate('/admin', { replace: true });
    } catch (failure) {
      console.error('[login] setting the new password failed:', failure);
      setError(newPasswordMessage(null));
    } finally {
      setSubmitting(false);
    }
  }

  if (loading) return <p role="status">Checking your link…</p>;
  if (!session) {
    return (
      <div className="auth-form">
        <p className="auth-form__error" role="alert">
          {failedLink
            ? 'This link is invalid or has expired.'
            : 'Open this page from the link in your password recovery e-mail.'}
        </p>
        <p>
          <Link to="/login/forgot">Request a new link</Link> or <Link to="/login">sign in</Link>.
        </p>
      </div>
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="auth-form__note">
        Set a new password for <strong>{session.user.email}</strong>.
      </p>
      {/* One message under both fields (#reset-error). */}
      <FormField label="New password" error={undefined}>
        {({ id }) => (
          <input
            id={id}
            className="field__input"
            name="password"
            type="password"
            autoComplete="new-password"
            aria-invalid={error !== null}
            aria-describedby={error ? 'reset-error' : undefined}
          />
        )}
      </FormField>
      <FormField label="Repeat the new password" error={undefined}>
        {({ id }) => (
          <input
            id={id}
            className="field__input"
            name="confirm"
            type="password"
            autoComplete="new-password"
            aria-invalid={error !== null}
          />
        )}
      </FormField>
      <p id="reset-error" className="auth-form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? 'Saving…' : 'Save the new password'}
      </button>
    </form>
  );
}
