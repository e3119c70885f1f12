/**
 * The frame of /login and /admin: client-side only (the session lives in the browser, so the
 * server sends a placeholder and no data) and the one SessionContextProvider both share, so the
 * session survives the move from /login to /admin. Public pages never load this module.
 */
import { Outlet, useLocation } from 'react-router';
import { authScreenTitle } from '../config/auth-screens';
import { SessionContextProvider } from '../features/session/session-provider';
import { configureBrowserSupabase } from '../lib/supabase/browser-env';
import { useRootData } from '../lib/root-data';
import { AuthCard } from '../shell/auth-card';
// The shared button styles (.button): the sign-in screens and the admin use them too.
import '../components/ui/ui.css';
import '../features/session/session.css';

export function meta() {
  return [{ name: 'robots', content: 'noindex, nofollow' }];
}

/** No server data: this makes the route render in the browser only, HydrateFallback on the server. */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

/** On the sign-in screens, their card and heading around the placeholder: the first paint is the page. */
export function HydrateFallback() {
  // The admin pages' clientLoaders wait for this (lib/supabase/staff-client.ts): on a first load they run
  // while this placeholder shows, before the layout below has rendered.
  configureBrowserSupabase(useRootData()?.env);
  const title = authScreenTitle(useLocation().pathname);
  const status = (
    <p className="auth-status" role="status">
      Loading…
    </p>
  );
  return title ? <AuthCard title={title}>{status}</AuthCard> : status;
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
