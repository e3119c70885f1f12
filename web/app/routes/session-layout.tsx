/**
 * The frame of /login and /admin: client-side only (the session lives in the browser, so the
 * server sends a placeholder and no data) and the one SessionContextProvider both share, so the
 * session survives the move from /login to /admin. Public pages never load this module.
 */
import { Outlet } from 'react-router';
import { SessionContextProvider } from '../features/session/session-provider';
import { configureBrowserSupabase } from '../lib/supabase/browser-env';
import { useRootData } from '../lib/root-data';
import '../features/session/session.css';

export function meta() {
  return [{ name: 'robots', content: 'noindex, nofollow' }];
}

/** No server data: this makes the route render in the browser only, HydrateFallback on the server. */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <p className="auth-status" role="status">
      Loading…
    </p>
  );
}

export default function SessionLayout() {
  const root = useRootData();
  configureBrowserSupabase(root?.env);
  return (
    <SessionContextProvider>
      <Outlet />
    </SessionContextProvider>
  );
}
