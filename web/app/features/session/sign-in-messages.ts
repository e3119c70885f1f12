/** What the sign-in and recovery screens say for each failure: words a staff member can act on. */
import type { AuthError } from '@supabase/supabase-js';

/** The specification's text when the e-mail or the password is missing. */
export const missingCredentials = 'You must provide either an email or phone number and a password';
export const wrongCredentials = 'The e-mail address or password is not correct.';
export const tooManyAttempts = 'Too many sign-in attempts. Wait a few minutes, then try again.';
export const networkFailure = 'Could not reach the sign-in service. Check your connection and try again.';
export const unexpectedFailure = 'Sign-in failed. Please try again in a moment.';

/** The message for a failed signInWithPassword. */
export function signInMessage(error: AuthError): string {
  // By name, not instanceof: the check stays free of supabase-js's code (a type-only import).
  if (error.name === 'AuthRetryableFetchError') return networkFailure;
  if (error.status === 429 || error.code === 'over_request_rate_limit') return tooManyAttempts;
  // GoTrue answers 400 invalid_credentials for an unknown address and a wrong password alike.
  if (error.name === 'AuthApiError' && error.status === 400) return wrongCredentials;
  return unexpectedFailure;
}

/** True when the form's values are enough to try (both present after trimming the e-mail). */
export function hasCredentials(email: string, password: string): boolean {
  return email.trim() !== '' && password !== '';
}
