/**
 * The browser's Supabase client with the customer's session (an e-mailed code), for the account
 * pages' clientLoaders and clientActions: it waits for the public env and the session, and sends a
 * visitor without one to the sign-in screen, coming back to `next` afterwards. RLS and the
 * database's functions decide what the session reads (private.session_email()).
 */
import { getBrowserSupabase } from './browser-client';
import { browserSupabaseEnvRecorded } from './browser-env';
import type { DatabaseClient } from './database';
import { signInThenBackTo } from '../../config/account-paths';
import { redirectTo } from './redirect-response';

export async function customerSupabase(next: string): Promise<DatabaseClient> {
  await browserSupabaseEnvRecorded();
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  if (!data.session) throw redirectTo(signInThenBackTo(next));
  return supabase;
}
