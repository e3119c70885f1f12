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
let markConfigured: () => void = () => {};
const configured = new Promise<void>((resolve) => {
  markConfigured = resolve;
});

/** Records the public URL and anon key (idempotent; called while rendering the layout). */
export function configureBrowserSupabase(next: BrowserSupabaseEnv | undefined): void {
  if (next && (next.supabaseUrl !== env?.supabaseUrl || next.supabaseAnonKey !== env?.supabaseAnonKey)) {
    env = { supabaseUrl: next.supabaseUrl, supabaseAnonKey: next.supabaseAnonKey };
    for (const listener of listeners) listener();
    markConfigured();
  }
}

/**
 * Resolves once the env is recorded: a clientLoader can run before any layout has rendered (on a
 * page's first load), and the env comes from the root's data, which layouts read while rendering.
 */
export function browserSupabaseConfigured(): Promise<void> {
  return configured;
}

export function browserSupabaseEnv(): BrowserSupabaseEnv | undefined {
  return env;
}

/** Called when the settings change (the client made for the old ones is dropped). */
export function onBrowserSupabaseEnvChange(listener: () => void): void {
  listeners.add(listener);
}
