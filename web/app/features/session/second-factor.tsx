/**
 * The second sign-in step staff rights need (aal2 in the database): the 6-digit code of the
 * verified authenticator app, or, at a first sign-in, enrolment (QR code and the key as text).
 * supabase-js's own auth.mfa calls; the local auth serves them as hosted Supabase does.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { lostPhoneAdvice, secondFactorMessage } from './second-factor-messages';
import { signOut } from './sign-out';
import { FormField } from '../../components/ui/form-field';

type Step =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'verify'; factorId: string }
  | { kind: 'enrol'; factorId: string; qrCode: string; secret: string };

type EnrolStep = Extract<Step, { kind: 'enrol' }>;

/**
 * This tab's enrolment under way, kept across mounts: the step may mount more than once (React's
 * development double mount, the person leaving /login and coming back), and a second enrolment
 * would replace the key already on screen (and perhaps already scanned) with a new one.
 */
let enrolment: { factorId: string; step: Promise<EnrolStep> } | null = null;

async function enrol(): Promise<EnrolStep> {
  const supabase = await getBrowserSupabase();
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
  if (enrolled.error) throw enrolled.error;
  return {
    kind: 'enrol',
    factorId: enrolled.data.id,
    qrCode: enrolled.data.totp.qr_code,
    secret: enrolled.data.totp.secret,
  };
}

/** The factor to prove, or a new one to enrol (stale unverified ones go first, as their names would clash). */
async function nextStep(): Promise<Step> {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  const verified = data.totp[0];
  if (verified) return { kind: 'verify', factorId: verified.id };
  const unverified = data.all.filter((f) => f.status === 'unverified');
  const kept = enrolment && unverified.some((f) => f.id === enrolment?.factorId) ? enrolment : null;
  if (kept) return kept.step;
  for (const factor of unverified) await supabase.auth.mfa.unenroll({ factorId: factor.id });
  const step = enrol();
  const started = { factorId: '', step };
  enrolment = started;
  try {
    started.factorId = (await step).factorId;
  } catch (failure) {
    enrolment = null;
    throw failure;
  }
  return step;
}

/** Verified, the session's aal2 tokens complete the sign-in and the session controller opens /admin. */
export function SecondFactor() {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const messageId = useId();
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    nextStep()
      .then((next) => current && setStep(next))
      .catch((error: unknown) => {
        console.error('[mfa] could not prepare the second step:', error);
        if (current) setStep({ kind: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (step.kind === 'verify' || step.kind === 'enrol') codeRef.current?.focus();
  }, [step.kind]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || (step.kind !== 'verify' && step.kind !== 'enrol')) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) {
      setMessage('Enter the 6-digit code from your authenticator app.');
      codeRef.current?.focus();
      return;
    }
    setSubmitting(true);
    setMessage(null);
    try {
      const supabase = await getBrowserSupabase();
      const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: step.factorId, code });
      if (error) {
        setMessage(secondFactorMessage(error));
        codeRef.current?.select();
      }
    } catch (error) {
      console.error('[mfa] verification failed:', error);
      setMessage('Could not check the code. Check your connection and try again.');
    } finally {
      setSubmitting(false);
    }
  }

  if (step.kind === 'loading') return <p role="status">Preparing two-step sign-in…</p>;
  if (step.kind === 'failed') {
    return (
      <>
        <p role="alert">Could not start two-step sign-in. Check your connection and try again.</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </>
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {step.kind === 'enrol' ? (
        <>
          <p>
            Staff sign in with a second step. Scan this QR code with an authenticator app (such as Google Authenticator,
            Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.
          </p>
          <img
            className="second-factor__qr"
            src={step.qrCode}
            alt="QR code to add your Ascent account to an authenticator app"
            width={180}
            height={180}
          />
          <p>
            Cannot scan it? Enter this key in the app instead:{' '}
            <code className="second-factor__secret" data-testid="totp-secret">
              {step.secret}
            </code>
          </p>
        </>
      ) : (
        <>
          <p>Open your authenticator app and enter the 6-digit code it shows for Ascent.</p>
          <p>{lostPhoneAdvice}</p>
        </>
      )}
      {/* The message below the form is the field's. */}
      <FormField label="6-digit code" error={undefined}>
        {({ id }) => (
          <input
            ref={codeRef}
            id={id}
            className="field__input"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            aria-invalid={message !== null}
            aria-describedby={message ? messageId : undefined}
          />
        )}
      </FormField>
      <p id={messageId} className="auth-form__error" role="alert" aria-live="assertive">
        {message}
      </p>
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? 'Checking…' : 'Continue'}
      </button>
      <button type="button" className="button button--secondary" onClick={() => void signOut()}>
        Sign out
      </button>
    </form>
  );
}
