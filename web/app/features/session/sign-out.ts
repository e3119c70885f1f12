/** Signing out of this browser or everywhere; the SIGNED_OUT event then takes /admin to /login. */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

/**
 * Resolves with an error sentence, or null once signed out. `global` ends every session of the
 * person ("Sign out everywhere"): other devices lose their staff rights at their next request.
 */
export async function signOut(scope: 'local' | 'global' = 'local'): Promise<string | null> {
  try {
    const supabase = await getBrowserSupabase();
    // scope 'local': other devices of the same staff member stay signed in.
    const { error } = await supabase.auth.signOut({ scope });
    if (error) {
      console.error('[session] sign-out failed:', error);
      return 'Signing out failed. Please try again.';
    }
    return null;
  } catch (error) {
    console.error('[session] sign-out failed:', error);
    return 'Signing out failed. Check your connection and try again.';
  }
}
