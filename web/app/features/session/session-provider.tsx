/**
 * SessionContextProvider and useSession(): the signed-in session for /login and /admin. Only those
 * routes mount it, so public pages load neither this code nor supabase-js.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import {
  createSessionController,
  initialSessionState,
  type SessionAuthClient,
  type SessionState,
} from './session-controller';
import { lookUpStaff } from './use-staff-status';

const SessionContext = createContext<SessionState | undefined>(undefined);

export const outsideProviderError = 'useSession must be used within a SessionContextProvider';

export interface SessionContextProviderProps {
  children: ReactNode;
  /** The auth client; the browser's one Supabase client unless a test passes its own. */
  auth?: () => Promise<SessionAuthClient>;
}

const browserAuth = () => getBrowserSupabase().then((client) => client.auth);

export function SessionContextProvider({ children, auth = browserAuth }: SessionContextProviderProps) {
  const navigate = useNavigate();
  const [controller] = useState(() =>
    createSessionController({
      pathname: () => window.location.pathname,
      navigate: (path) => void navigate(path, { replace: true }),
      isActiveStaff: async (userId) => (await lookUpStaff(userId)).active,
    }),
  );
  useEffect(() => controller.start(auth()), [controller, auth]);
  const state = useSyncExternalStore(controller.subscribe, controller.getState, () => initialSessionState);
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

/** The session state; throws outside SessionContextProvider. */
export function useSession(): SessionState {
  const context = useContext(SessionContext);
  if (!context) throw new Error(outsideProviderError);
  return context;
}
