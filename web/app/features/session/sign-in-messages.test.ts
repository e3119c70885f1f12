/** The sign-in screen's words for each failure supabase-js reports, and the missing-credentials rule. */
import { AuthApiError, AuthInvalidCredentialsError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  hasCredentials,
  missingCredentials,
  networkFailure,
  signInMessage,
  tooManyAttempts,
  unexpectedFailure,
  wrongCredentials,
} from './sign-in-messages.ts';

describe('sign-in messages', () => {
  it('uses the specification text when the e-mail or the password is missing', () => {
    expect(missingCredentials).toBe('You must provide either an email or phone number and a password');
    expect(hasCredentials('', 'secret')).toBe(false);
    expect(hasCredentials('   ', 'secret')).toBe(false);
    expect(hasCredentials('staff@ascent.example', '')).toBe(false);
    expect(hasCredentials('staff@ascent.example', 'secret')).toBe(true);
  });

  it('tells wrong credentials, throttling, network failure and the rest apart', () => {
    expect(signInMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      wrongCredentials,
    );
    expect(signInMessage(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'))).toBe(
      tooManyAttempts,
    );
    expect(signInMessage(new AuthRetryableFetchError('fetch failed', 0))).toBe(networkFailure);
    expect(signInMessage(new AuthRetryableFetchError('Bad Gateway', 502))).toBe(networkFailure);
    expect(signInMessage(new AuthApiError('boom', 500, 'unexpected_failure'))).toBe(unexpectedFailure);
    expect(signInMessage(new AuthInvalidCredentialsError('x'))).toBe(unexpectedFailure);
  });
});
