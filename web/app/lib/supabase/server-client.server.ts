/** The server's anonymous Supabase client: public reads under RLS, no session, no secrets. */
import { createClient } from '@supabase/supabase-js';
import { serverEnv } from '../../config/env.server';
import type { Database, DatabaseClient } from './database';

/** How long any server read through PostgREST may take before it fails (its caller shows why). */
export const SERVER_READ_TIMEOUT_MS = 4_000;

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
