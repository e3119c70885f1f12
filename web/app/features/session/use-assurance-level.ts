/** Whether this session passed the second factor (aal2), as supabase-js reads it from the token. */
import { useEffect, useState } from 'react';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

export type AssuranceStatus = 'checking' | 'aal1' | 'aal2' | 'failed';

export function useAssuranceLevel(accessToken: string | undefined): { status: AssuranceStatus } {
  const [result, setResult] = useState<{ key: string; status: AssuranceStatus } | null>(null);
  const key = accessToken ?? '';
  useEffect(() => {
    if (!accessToken) return;
    let current = true;
    void (async () => {
      let status: AssuranceStatus;
      try {
        const supabase = await getBrowserSupabase();
        const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
        if (error) console.error('[session] assurance level check failed:', error);
        status = error ? 'failed' : data.currentLevel === 'aal2' ? 'aal2' : 'aal1';
      } catch (error) {
        console.error('[session] assurance level check failed:', error);
        status = 'failed';
      }
      if (current) setResult({ key, status });
    })();
    return () => {
      current = false;
    };
  }, [accessToken, key]);
  const status = result && result.key === key ? result.status : 'checking';
  return { status };
}
