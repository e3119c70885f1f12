/** "Forgot password?": asks the auth service to mail a recovery link that opens /login/reset. */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { carriedEmail } from './forgot-password-state';
import { FormField } from '../../components/ui/form-field';
import { recoveryRequestMessage } from './recovery-messages';
import './session.css';

export function ForgotPasswordForm() {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const typedOnLogin = carriedEmail(useLocation().state);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (email === '') {
      setError('Enter the e-mail address you sign in with.');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const supabase = await getBrowserSupabase();
      const { error: failure } = await supabase.auth.resetPasswordForEmail(email, {
        redirectTo: `${window.location.origin}/login/reset`,
      });
      if (failure) setError(recoveryRequestMessage(failure));
      else setSentTo(email);
    } catch (failure) {
      console.error('[login] recovery request failed:', failure);
      setError(recoveryRequestMessage(null));
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <p className="auth-form__note" role="status">
        If <strong>{sentTo}</strong> belongs to a staff account, we have sent it a link to set a new password. The link
        works once, for an hour.
      </p>
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="auth-form__note">Enter your e-mail address and we will send you a link to set a new password.</p>
      {/* The message below the form (#forgot-error) is the field's. */}
      <FormField label="E-mail" error={undefined}>
        {({ id }) => (
          <input
            id={id}
            className="field__input"
            name="email"
            type="email"
            autoComplete="username"
            defaultValue={typedOnLogin}
            aria-invalid={error !== null}
            aria-describedby={error ? 'forgot-error' : undefined}
          />
        )}
      </FormField>
      <p id="forgot-error" className="auth-form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? 'Sending…' : 'Send the link'}
      </button>
    </form>
  );
}
