/** The server's anonymous Supabase client: public reads under RLS, no session, no secrets. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { serverEnv } from '../../config/env.server';

let client: SupabaseClient | undefined;

export function serverSupabase(): SupabaseClient {
  if (client) return client;
  const env = serverEnv();
  client = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client;
}
