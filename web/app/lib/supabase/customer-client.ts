/**
 * The browser's Supabase client with the customer's session (an e-mailed code), for the account
 * pages: it waits for the public env and the session restored from storage, and answers null
 * when there is no session (the page sends the visitor to the sign-in screen). RLS and the
 * database's functions decide what the session reads (private.session_email()).
 */
import { getBrowserSupabase } from './browser-client';
import { browserSupabaseEnvRecorded } from './browser-env-recorded';
import type { DatabaseClient } from './database';

export async function customerSupabase(): Promise<DatabaseClient | null> {
  await browserSupabaseEnvRecorded();
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  return data.session ? supabase : null;
}
