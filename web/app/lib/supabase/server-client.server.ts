/** The server's anonymous Supabase client: public reads under RLS, no session, no secrets. */
import { createClient } from '@supabase/supabase-js';
import { serverEnv } from '../../config/env.server';
import type { Database, DatabaseClient } from './database';

let client: DatabaseClient | undefined;

export function serverSupabase(): DatabaseClient {
  if (client) return client;
  const env = serverEnv();
  client = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client;
}
