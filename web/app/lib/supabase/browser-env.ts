/**
 * The public URL and anon key the browser's Supabase client uses, recorded by the site layout on
 * every page. A module of its own: the client (browser-client.ts) loads with the features that
 * call it, not with every page.
 */
export interface BrowserSupabaseEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

let env: BrowserSupabaseEnv | undefined;
const listeners = new Set<() => void>();

/** Records the public URL and anon key (idempotent; called while rendering the layout). */
export function configureBrowserSupabase(next: BrowserSupabaseEnv | undefined): void {
  if (next && (next.supabaseUrl !== env?.supabaseUrl || next.supabaseAnonKey !== env?.supabaseAnonKey)) {
    env = { supabaseUrl: next.supabaseUrl, supabaseAnonKey: next.supabaseAnonKey };
    for (const listener of listeners) listener();
  }
}

export function browserSupabaseEnv(): BrowserSupabaseEnv | undefined {
  return env;
}

/** Called when the settings change (the client made for the old ones is dropped). */
export function onBrowserSupabaseEnvChange(listener: () => void): void {
  listeners.add(listener);
}
