/**
 * The browser's Supabase client with the staff session, for the admin's clientLoaders and
 * clientActions. They run before the page renders, so this waits for the session to be known
 * (supabase-js restores it from storage) and sends the browser to /login when there is none, as
 * the session provider does for the page itself; RLS decides what a signed-in account may read.
 */
import { getBrowserSupabase } from './browser-client';
import { browserSupabaseEnv, onBrowserSupabaseEnvChange } from './browser-env';
import type { DatabaseClient } from './database';
import { loginPath } from '../../config/staff-paths';
import { redirectTo } from './redirect-response';

/**
 * Resolves once the public env is recorded: on a page's first load a clientLoader runs before any
 * layout has rendered, and the env comes from the root's data, which layouts record while rendering
 * (the session layout's placeholder does so for the admin).
 */
function envRecorded(): Promise<void> {
  if (browserSupabaseEnv()) return Promise.resolve();
  return new Promise((resolve) => onBrowserSupabaseEnvChange(resolve));
}

export async function staffSupabase(): Promise<DatabaseClient> {
  await envRecorded();
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  if (!data.session) throw redirectTo(loginPath);
  return supabase;
}
