/**
 * Whether the signed-in user is active staff, and their roles: their own row in public.staff (RLS
 * lets a user read only their own, even before the second factor).
 */
import { useEffect, useState } from 'react';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { knownRoles, type StaffRole } from '../../lib/staff-roles';
export type StaffStatus = 'checking' | 'staff' | 'not-staff' | 'failed';

export function useStaffStatus(userId: string | undefined): {
  status: StaffStatus;
  roles: StaffRole[];
  retry: () => void;
} {
  const [result, setResult] = useState<{ userId: string; status: StaffStatus; roles: StaffRole[] } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void (async () => {
      let status: StaffStatus;
      let roles: StaffRole[] = [];
      try {
        const supabase = await getBrowserSupabase();
        const { data, error } = await supabase
          .from('staff')
          .select('user_id, roles, deactivated_at')
          .eq('user_id', userId)
          .maybeSingle();
        if (error) console.error('[session] staff check failed:', error);
        // A deactivated member has no rights: they see the not-staff page.
        status = error ? 'failed' : data && !data.deactivated_at ? 'staff' : 'not-staff';
        roles = knownRoles(data?.roles ?? []);
      } catch (error) {
        console.error('[session] staff check failed:', error);
        status = 'failed';
      }
      if (current) setResult({ userId, status, roles });
    })();
    return () => {
      current = false;
    };
  }, [userId, attempt]);
  const matches = result && result.userId === userId;
  return {
    status: matches ? result.status : 'checking',
    roles: matches ? result.roles : [],
    retry: () => setAttempt((n) => n + 1),
  };
}
