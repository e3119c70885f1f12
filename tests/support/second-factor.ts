/** The second sign-in step for supabase-js clients in the integration and e2e tests. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { totpCode } from '../../local/auth/totp.ts';

/**
 * The second sign-in step a staff member's rights need (aal2): enrols a TOTP factor and verifies
 * it with the code computed from its secret, as an authenticator app would. Returns the secret.
 */
export async function passSecondFactor(client: Pick<SupabaseClient, 'auth'>): Promise<string> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (error) throw new Error(`mfa.enroll: ${error.message}`);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: totpCode(data.totp.secret) });
  if (verified.error) throw new Error(`mfa.challengeAndVerify: ${verified.error.message}`);
  return data.totp.secret;
}
