/** The staff sign-in form: e-mail and password through supabase-js; the session provider redirects on success. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormField } from '../../components/ui/form-field';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { hasCredentials, missingCredentials, networkFailure, signInMessage } from './sign-in-messages';
import { forgotPasswordState } from './forgot-password-state';
import { useSession } from './session-provider';
import { clearSignOutReason, readSignOutReason } from './sign-out-reason';
import './session.css';

export function LoginForm() {
  const { error: sessionError } = useSession();
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // Why this tab was signed out (the inactivity time-out), said once.
  const [signedOutBecause] = useState(readSignOutReason);
  useEffect(clearSignOutReason, []);
  const messageId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  // What is typed (or autofilled) so far: "Forgot password?" carries it over to the next form.
  const [typedEmail, setTypedEmail] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!hasCredentials(email, password)) {
      setMessage(missingCredentials);
      emailRef.current?.focus();
      return;
    }
    setSubmitting(true);
    setMessage(null);
    try {
      const supabase = await getBrowserSupabase();
      const { error } = await supabase.auth.signInWithPassword({ email, password });
      // Success: SIGNED_IN reaches the session provider, which opens /admin.
      if (error) setMessage(signInMessage(error));
    } catch (error) {
      console.error('[login] sign-in failed:', error);
      setMessage(networkFailure);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {signedOutBecause && (
        <p className="auth-form__note" role="status">
          {signedOutBecause}
        </p>
      )}
      {sessionError && (
        <p className="auth-form__error" role="alert">
          {sessionError}
        </p>
      )}
      {/* One message under both fields: each points to it. */}
      <FormField label="E-mail" error={undefined}>
        {({ id }) => (
          <input
            ref={emailRef}
            onChange={(event) => setTypedEmail(event.currentTarget.value)}
            id={id}
            className="field__input"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            aria-invalid={message !== null}
            aria-describedby={message ? messageId : undefined}
          />
        )}
      </FormField>
      <FormField label="Password" error={undefined}>
        {({ id }) => (
          <input
            id={id}
            className="field__input"
            name="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={message !== null}
            aria-describedby={message ? messageId : undefined}
          />
        )}
      </FormField>
      <p id={messageId} className="auth-form__error" role="alert" aria-live="assertive">
        {message}
      </p>
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? 'Signing in…' : 'Sign in'}
      </button>
      <p>
        {/* Fetched with this page, so the press opens the next form at once, not while the visitor types on. */}
        <Link to="/login/forgot" prefetch="render" state={forgotPasswordState(typedEmail)}>
          Forgot password?
        </Link>
      </p>
    </form>
  );
}
