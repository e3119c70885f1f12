/** Whether the signed-in user is staff: their own row in public.staff (RLS lets a user read only their own). */
import { useEffect, useState } from 'react';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

export type StaffStatus = 'checking' | 'staff' | 'not-staff' | 'failed';

export function useStaffStatus(userId: string | undefined): { status: StaffStatus; retry: () => void } {
  const [result, setResult] = useState<{ userId: string; status: StaffStatus } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void (async () => {
      let status: StaffStatus;
      try {
        const supabase = await getBrowserSupabase();
        const { data, error } = await supabase.from('staff').select('user_id').eq('user_id', userId).maybeSingle();
        if (error) console.error('[session] staff check failed:', error);
        status = error ? 'failed' : data ? 'staff' : 'not-staff';
      } catch (error) {
        console.error('[session] staff check failed:', error);
        status = 'failed';
      }
      if (current) setResult({ userId, status });
    })();
    return () => {
      current = false;
    };
  }, [userId, attempt]);
  const status = result && result.userId === userId ? result.status : 'checking';
  return { status, retry: () => setAttempt((n) => n + 1) };
}
