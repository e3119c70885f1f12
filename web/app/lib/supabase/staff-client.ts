/**
 * The browser's Supabase client with the staff session, for the admin's clientLoaders and
 * clientActions. They run before the page renders, so this waits for the session to be known
 * (supabase-js restores it from storage) and sends the browser to /login when there is none, as
 * the session provider does for the page itself; RLS decides what a signed-in account may read.
 */
import { getBrowserSupabase } from './browser-client';
import { browserSupabaseEnvRecorded } from './browser-env-recorded';
import type { DatabaseClient } from './database';
import { loginPath } from '../../config/staff-paths';
import { redirectTo } from './redirect-response';

export async function staffSupabase(): Promise<DatabaseClient> {
  await browserSupabaseEnvRecorded();
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  if (!data.session) throw redirectTo(loginPath);
  return supabase;
}
