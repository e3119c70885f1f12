/**
 * The customer sign-in: the e-mail address, then the 6-digit code Auth mails to it (supabase-js's
 * signInWithOtp and verifyOtp). The first code for a new address opens the account. Focus moves
 * to the code field when the code is sent, and back to the address to send another; every error
 * is said beside the field it concerns. On success the session provider has the session and the
 * page moves on to /account.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { codeSentNote, networkFailure, sendCodeMessage, verifyCodeMessage } from './code-sign-in-messages';
import { codeStepSchema, emailStepSchema, type CodeStepValues, type EmailStepValues } from './code-sign-in-schema';

export function CodeSignInForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? <CodeStep email={sentTo} onStartOver={() => setSentTo(null)} /> : <EmailStep onSent={setSentTo} />;
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { register, handleSubmit, formState, setError, setFocus } = useForm<EmailStepValues>({
    resolver: zodResolver(emailStepSchema),
    defaultValues: { email: '' },
  });
  useEffect(() => setFocus('email'), [setFocus]);

  const send = async ({ email }: EmailStepValues) => {
    try {
      const supabase = await getBrowserSupabase();
      const { error } = await supabase.auth.signInWithOtp({ email });
      if (error) {
        setError('email', { message: sendCodeMessage(error) }, { shouldFocus: true });
        return;
      }
      onSent(email);
    } catch (error) {
      console.error('[account] sending the code failed:', error);
      setError('email', { message: networkFailure }, { shouldFocus: true });
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
      <p className="auth-form__note">
        Enter your e-mail address: we send you a code to sign in, no password needed. Use the address you booked or
        registered with to see your orders, registrations and certificates.
      </p>
      <FormField label="E-mail" error={formState.errors.email?.message} announceError>
        {(control) => (
          <input
            className="field__input"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...control}
            {...register('email')}
          />
        )}
      </FormField>
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending the code…' : 'Send me a code'}
      </button>
    </form>
  );
}

function CodeStep({ email, onStartOver }: { email: string; onStartOver: () => void }) {
  const { register, handleSubmit, formState, setError, setFocus } = useForm<CodeStepValues>({
    resolver: zodResolver(codeStepSchema),
    defaultValues: { code: '' },
  });
  useEffect(() => setFocus('code'), [setFocus]);

  const verify = async ({ code }: CodeStepValues) => {
    try {
      const supabase = await getBrowserSupabase();
      const { error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
      // Success: SIGNED_IN reaches the session provider; the page then opens /account.
      if (error) setError('code', { message: verifyCodeMessage(error) }, { shouldFocus: true });
    } catch (error) {
      console.error('[account] checking the code failed:', error);
      setError('code', { message: networkFailure }, { shouldFocus: true });
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void handleSubmit(verify)(event)}>
      <p className="auth-form__note" role="status">
        {codeSentNote(email)}
      </p>
      <FormField label="Code from the e-mail" error={formState.errors.code?.message} announceError>
        {(control) => (
          <input
            className="field__input"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            {...control}
            {...register('code')}
          />
        )}
      </FormField>
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Checking…' : 'Sign in'}
      </button>
      <button type="button" className="button button--secondary" onClick={onStartOver}>
        Use another address or send a new code
      </button>
    </form>
  );
}
