/** An anon-key Supabase client: what a server function uses for what any visitor may do (least privilege). */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../database.types.ts';
import { requireEnv } from './env.ts';

export function createAnonClient(): SupabaseClient<Database> {
  return createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
