/**
 * Which step /login shows: the password, or, for a staff member signed in with the password only
 * (aal1), the 6-digit code of their authenticator app. The admin area never shows the code step:
 * such a session reaching /admin is sent back to /login (routes/admin/layout.tsx).
 */
import { useSession } from './session-provider';
import { useAssuranceLevel } from './use-assurance-level';
import { useStaffStatus } from './use-staff-status';

export type LoginStep = 'password' | 'code';

/** 'code' once the person is known as staff and their session still lacks the second factor. */
export function useLoginStep(): LoginStep {
  const { user, session } = useSession();
  const staff = useStaffStatus(user?.id);
  const assurance = useAssuranceLevel(session?.access_token);
  return user && staff.status === 'staff' && needsSecondFactor(assurance.status) ? 'code' : 'password';
}

/** A session whose second factor is not proven (or cannot be checked: the code step retries). */
export function needsSecondFactor(assurance: ReturnType<typeof useAssuranceLevel>['status']): boolean {
  return assurance === 'aal1' || assurance === 'failed';
}
