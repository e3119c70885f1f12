/** Signing out of this browser; the SIGNED_OUT event then takes /admin to /login. */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

/** Resolves with an error sentence, or null once signed out. */
export async function signOut(): Promise<string | null> {
  try {
    const supabase = await getBrowserSupabase();
    // scope 'local': other devices of the same staff member stay signed in.
    const { error } = await supabase.auth.signOut({ scope: 'local' });
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
