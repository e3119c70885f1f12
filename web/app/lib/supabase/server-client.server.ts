/** The server's anonymous Supabase client: public reads under RLS, no session, no secrets. */
import { createClient } from '@supabase/supabase-js';
import { serverEnv } from '../../config/env.server';
import { SERVER_READ_TIMEOUT_MS } from '../../config/read-timeouts';
import type { Database, DatabaseClient } from './database';

let client: DatabaseClient | undefined;

export function serverSupabase(): DatabaseClient {
  if (client) return client;
  const env = serverEnv();
  client = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Every read is bounded, and a 503 is not retried: postgrest-js would honour PostgREST's
    // `Retry-After: 32` while PostgreSQL is down, holding the page for over a minute.
    db: { timeout: SERVER_READ_TIMEOUT_MS, retry: false },
  });
  return client;
}
