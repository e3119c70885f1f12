/**
 * Where a sign-in stands, decided once per session (by the session controller) from the session's
 * assurance level: staff rights need the second factor (aal2 in the database), so a staff member
 * signed in with the password only (aal1) has the code step still to pass, on /login; everyone
 * else is through. /login and /admin both read this one answer instead of each asking again, so a
 * sign-in never bounces between them.
 */
import type { Session } from '@supabase/supabase-js';

/**
 * 'signed-out': no session. 'deciding': a password-only session whose owner is being looked up.
 * 'code': a staff member who must pass the second step. 'complete': on to /admin (aal2, or an
 * account that is not active staff, which /admin explains).
 */
export type SignInStage = 'signed-out' | 'deciding' | 'code' | 'complete';

/** The access token's claims, or {} when it cannot be read. */
function claims(session: Pick<Session, 'access_token'>): Record<string, unknown> {
  try {
    const payload = session.access_token.split('.')[1] ?? '';
    const parsed: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The `aal` claim of the session's access token (as supabase-js's getAuthenticatorAssuranceLevel reads it). */
export function assuranceLevel(session: Pick<Session, 'access_token'>): string | null {
  const aal = claims(session).aal;
  return typeof aal === 'string' ? aal : null;
}

/** The `amr` methods of an e-mailed code or link: the database gives such a session no staff role. */
const EMAILED_METHODS = ['otp', 'magiclink', 'email/signup'];

/**
 * Whether an e-mailed code or link opened the session (the customer sign-in): the `amr` claim, as
 * private.staff_roles() reads it from auth.mfa_amr_claims. Such a session is never staff, so it
 * owes no second step and the admin explains instead of opening.
 */
export function openedByEmailedCode(session: Pick<Session, 'access_token'>): boolean {
  const amr = claims(session).amr;
  return (
    Array.isArray(amr) &&
    amr.some((entry: unknown) => {
      const method = typeof entry === 'object' && entry !== null ? (entry as { method?: unknown }).method : entry;
      return typeof method === 'string' && EMAILED_METHODS.includes(method);
    })
  );
}

/** The stage a session starts in: no lookup is needed without a session, once it is aal2, or for a code's session. */
export function immediateStage(session: Session | null): SignInStage {
  if (!session) return 'signed-out';
  if (openedByEmailedCode(session)) return 'complete';
  return assuranceLevel(session) === 'aal2' ? 'complete' : 'deciding';
}

/**
 * The stage of a password-only session, from whether its owner is active staff. A lookup that
 * fails counts as staff: the code step says what failed and offers to try again, and no admin
 * page opens on a session the database would refuse.
 */
export async function decideStage(
  userId: string,
  isActiveStaff: (userId: string) => Promise<boolean>,
): Promise<SignInStage> {
  try {
    return (await isActiveStaff(userId)) ? 'code' : 'complete';
  } catch (error) {
    console.error('[session] the staff lookup failed:', error);
    return 'code';
  }
}
