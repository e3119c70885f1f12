/**
 * The browser's Supabase client (anon key; RLS guards the data), created on first use so that
 * supabase-js is a separate chunk loaded only when a feature needs it, not part of every page.
 * The site layout records the public env once (browser-env.ts); features then call
 * getBrowserSupabase().
 */
import { browserSupabaseEnv, onBrowserSupabaseEnvChange } from './browser-env';
import type { Database, DatabaseClient } from './database';

export { configureBrowserSupabase, type BrowserSupabaseEnv } from './browser-env';

let client: Promise<DatabaseClient> | undefined;
onBrowserSupabaseEnvChange(() => {
  client = undefined;
});

/** The one browser client, loading supabase-js on the first call. */
export function getBrowserSupabase(): Promise<DatabaseClient> {
  if (typeof window === 'undefined') {
    return Promise.reject(new Error('getBrowserSupabase is for the browser; loaders use the server client'));
  }
  const env = browserSupabaseEnv();
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
