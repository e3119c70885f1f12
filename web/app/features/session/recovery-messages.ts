/** Words for the password recovery screens' failures (supabase-js errors, matched by name and code). */
import type { AuthError } from '@supabase/supabase-js';
import { networkFailure } from './sign-in-messages';

/** A failed resetPasswordForEmail (null: the request could not be made at all). */
export function recoveryRequestMessage(error: AuthError | null): string {
  if (!error || error.name === 'AuthRetryableFetchError') return networkFailure;
  if (error.status === 429) return `A link was sent a moment ago. ${error.message}`;
  if (error.code === 'validation_failed') return 'That is not an e-mail address.';
  return 'Sending the link failed. Please try again in a moment.';
}

/** A failed updateUser({ password }). */
export function newPasswordMessage(error: AuthError | null): string {
  if (!error || error.name === 'AuthRetryableFetchError') return networkFailure;
  // GoTrue's message lists what the password lacks ("Password should be at least 8 characters. ...").
  if (error.code === 'weak_password') return `Choose a stronger password. ${error.message}`;
  if (error.code === 'same_password') return 'The new password must be different from the old one.';
  if (error.name === 'AuthSessionMissingError' || error.status === 401 || error.status === 403) {
    return 'Your recovery link has expired. Request a new one.';
  }
  return 'Saving the new password failed. Please try again in a moment.';
}
