/**
 * A service-role Supabase client: bypasses RLS, so it exists only inside server functions
 * (never in the browser) and only for tables the public must not touch directly.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';

export function createAdminClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    // A server call has no user session to keep or refresh.
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
