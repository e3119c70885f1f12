import { describe, expect, it } from 'vitest';
import type { AuthError } from '@supabase/supabase-js';
import {
  networkFailure,
  sendCodeMessage,
  signUpsClosed,
  tooManyGuesses,
  unexpectedCodeFailure,
  verifyCodeMessage,
  waitMessage,
  waitSeconds,
  wrongCode,
} from './code-sign-in-messages';

/** An error as supabase-js builds it from Auth's answer. */
const authError = (status: number | undefined, code: string | undefined, message = '', name = 'AuthApiError') =>
  ({ name, status, code, message }) as unknown as AuthError;

describe('the customer sign-in messages', () => {
  it('names the wait of the resend limit, in seconds', () => {
    const error = authError(
      429,
      'over_email_send_rate_limit',
      'For security purposes, you can only request this after 42 seconds.',
    );
    expect(sendCodeMessage(error)).toBe('A code was sent a moment ago. You can ask for a new one in 42 seconds.');
    expect(waitSeconds('… only request this after 1 second.')).toBe(1);
    expect(waitMessage(1)).toMatch(/in 1 second\.$/);
    expect(waitMessage(null)).toMatch(/wait a minute/);
  });

  it('says too many attempts for the other limits', () => {
    expect(sendCodeMessage(authError(429, 'over_request_rate_limit'))).toBe(tooManyGuesses);
    expect(verifyCodeMessage(authError(429, 'over_request_rate_limit'))).toBe(tooManyGuesses);
  });

  it('says a wrong, used or expired code is one', () => {
    expect(verifyCodeMessage(authError(403, 'otp_expired', 'Token has expired or is invalid'))).toBe(wrongCode);
  });

  it('says when accounts cannot be opened', () => {
    expect(sendCodeMessage(authError(422, 'signup_disabled'))).toBe(signUpsClosed);
    expect(sendCodeMessage(authError(422, 'otp_disabled'))).toBe(signUpsClosed);
  });

  it('tells a network failure from an unexpected answer', () => {
    const offline = authError(undefined, undefined, 'Failed to fetch', 'AuthRetryableFetchError');
    expect(sendCodeMessage(offline)).toBe(networkFailure);
    expect(verifyCodeMessage(offline)).toBe(networkFailure);
    expect(sendCodeMessage(authError(500, 'unexpected_failure'))).toBe(unexpectedCodeFailure);
    expect(verifyCodeMessage(authError(500, 'unexpected_failure'))).toBe(unexpectedCodeFailure);
  });
});
