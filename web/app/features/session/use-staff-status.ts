/**
 * Whether the signed-in user is active staff, and their roles: their own row in public.staff (RLS
 * lets a user read only their own, even before the second factor).
 */
import { useEffect, useState } from 'react';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { knownRoles, type StaffRole } from '../../lib/staff-roles';
export type StaffStatus = 'checking' | 'staff' | 'not-staff' | 'failed';

/** The user's own staff row: whether they are active staff (a deactivated member has no rights), and their roles. */
export async function lookUpStaff(userId: string): Promise<{ active: boolean; roles: StaffRole[] }> {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase
    .from('staff')
    .select('user_id, roles, deactivated_at')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return { active: data !== null && !data.deactivated_at, roles: knownRoles(data?.roles ?? []) };
}

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
        const found = await lookUpStaff(userId);
        // A deactivated member has no rights: they see the not-staff page.
        status = found.active ? 'staff' : 'not-staff';
        roles = found.roles;
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
