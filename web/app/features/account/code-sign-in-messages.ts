/**
 * What the customer sign-in says for each answer of Auth's e-mail code routes (POST /otp, POST
 * /verify; docs/accounts.md lists them): words a customer can act on, with the wait the rate limit
 * names. Pure, so each case is tested alone.
 */
import type { AuthError } from '@supabase/supabase-js';

export const networkFailure = 'Could not reach the sign-in service. Check your connection and try again.';
export const codeSentNote = (email: string) =>
  `We have sent a 6-digit code to ${email}. It works once, for a limited time.`;
export const wrongCode = 'This code is wrong, used or expired. Check the latest e-mail, or send a new code.';
export const tooManyGuesses = 'Too many attempts. Wait a while, then send a new code.';
export const signUpsClosed = 'New accounts cannot be opened just now. Please contact the institute.';
export const unexpectedCodeFailure = 'Something went wrong. Please try again in a moment.';

/** "For security purposes, you can only request this after 42 seconds." → 42 (or null). */
export function waitSeconds(message: string): number | null {
  const match = /after (\d+) seconds?/.exec(message);
  return match ? Number(match[1]) : null;
}

export function waitMessage(seconds: number | null): string {
  if (seconds === null) return 'A code was sent a moment ago. Please wait a minute before asking for another.';
  return `A code was sent a moment ago. You can ask for a new one in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** The message for a failed signInWithOtp (sending the code). */
export function sendCodeMessage(error: AuthError): string {
  if (error.name === 'AuthRetryableFetchError') return networkFailure;
  if (error.code === 'over_email_send_rate_limit') return waitMessage(waitSeconds(error.message));
  if (error.status === 429) return tooManyGuesses;
  if (error.code === 'signup_disabled' || error.code === 'otp_disabled') return signUpsClosed;
  if (error.code === 'email_address_invalid' || error.code === 'validation_failed')
    return 'Please enter a valid e-mail address.';
  return unexpectedCodeFailure;
}

/** The message for a failed verifyOtp (checking the code). */
export function verifyCodeMessage(error: AuthError): string {
  if (error.name === 'AuthRetryableFetchError') return networkFailure;
  if (error.status === 429) return tooManyGuesses;
  if (error.code === 'otp_expired' || error.status === 403) return wrongCode;
  return unexpectedCodeFailure;
}
