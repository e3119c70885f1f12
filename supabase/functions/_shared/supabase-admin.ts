/**
 * A service-role Supabase client: bypasses RLS, so it exists only inside server functions
 * (never in the browser) and only for tables the public must not touch directly.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
// Type-only, so nothing of it is loaded at run time: the one generated file, outside functions/.
import type { Database } from '../../database.types.ts';
import { requireEnv } from './env.ts';

/** supabase-js typed by the generated `Database` (supabase/database.types.ts, `npm run typegen`). */
export type AdminClient = SupabaseClient<Database>;

export function createAdminClient(): AdminClient {
  return createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    // A server call has no user session to keep or refresh.
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
