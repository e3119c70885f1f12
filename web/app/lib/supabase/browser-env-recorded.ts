/**
 * Resolves once the public env is recorded: on a page's first load a clientLoader runs before any
 * layout has rendered, and the env comes from the root's data, which layouts record while rendering.
 * Its own module, so only the staff and account pages that wait for it carry it (browser-env.ts is
 * in every page's script).
 */
import { browserSupabaseEnv, onBrowserSupabaseEnvChange } from './browser-env';

export function browserSupabaseEnvRecorded(): Promise<void> {
  if (browserSupabaseEnv()) return Promise.resolve();
  return new Promise((resolve) => onBrowserSupabaseEnvChange(() => resolve()));
}
