/**
 * The browser's Supabase client (anon key; RLS guards the data), created on first use so that
 * supabase-js is a separate chunk loaded only when a feature needs it, not part of every page.
 * The root route passes the public env once with configureBrowserSupabase; features then call
 * getBrowserSupabase().
 */
import type { Database, DatabaseClient } from './database';

export interface BrowserSupabaseEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

let env: BrowserSupabaseEnv | undefined;
let client: Promise<DatabaseClient> | undefined;

/** Records the public URL and anon key (idempotent; called while rendering the root). */
export function configureBrowserSupabase(next: BrowserSupabaseEnv | undefined): void {
  if (next && (next.supabaseUrl !== env?.supabaseUrl || next.supabaseAnonKey !== env?.supabaseAnonKey)) {
    env = { supabaseUrl: next.supabaseUrl, supabaseAnonKey: next.supabaseAnonKey };
    client = undefined;
  }
}

/** The one browser client, loading supabase-js on the first call. */
export function getBrowserSupabase(): Promise<DatabaseClient> {
  if (typeof window === 'undefined') {
    return Promise.reject(new Error('getBrowserSupabase is for the browser; loaders use the server client'));
  }
  if (!env) return Promise.reject(new Error('getBrowserSupabase called before configureBrowserSupabase'));
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = env;
    client = import('@supabase/supabase-js').then(({ createClient }) =>
      createClient<Database>(supabaseUrl, supabaseAnonKey),
    );
    // A failed chunk load (offline, new deployment) must not stick: the next call tries again.
    client.catch(() => {
      client = undefined;
    });
  }
  return client;
}
