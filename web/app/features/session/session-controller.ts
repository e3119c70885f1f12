/**
 * The session's state machine, free of React: the startup lookup, the six auth events and the
 * redirects they cause. The provider wraps it; tests drive it with a real supabase-js auth client.
 */
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { adminPath, isAdminPath, isLoginPath, loginPath, startupRedirect } from './session-redirects';

export interface SessionState {
  session: Session | null;
  user: User | null;
  /** True until the first session answer (or its failure). */
  loading: boolean;
  /** 'Failed to load session.' when the startup lookup fails; null otherwise. */
  error: string | null;
}

export const sessionLoadError = 'Failed to load session.';

/** The events the specification names; others (MFA_CHALLENGE_VERIFIED) change nothing here. */
export const handledEvents: readonly AuthChangeEvent[] = [
  'SIGNED_IN',
  'USER_UPDATED',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'PASSWORD_RECOVERY',
  'INITIAL_SESSION',
];

/** The part of supabase-js's auth client the session uses. */
export interface SessionAuthClient {
  getSession(): Promise<{ data: { session: Session | null }; error: unknown }>;
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): {
    data: { subscription: { unsubscribe(): void } };
  };
}

export interface SessionControllerOptions {
  /** The current path, read when an answer or event arrives. */
  pathname(): string;
  /** Client-side navigation (replace: a redirect should not leave a history entry to bounce back to). */
  navigate(path: string): void;
}

export interface SessionController {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Looks the session up and subscribes to changes; returns the function that stops both. */
  start(auth: Promise<SessionAuthClient>): () => void;
}

export const initialSessionState: SessionState = { session: null, user: null, loading: true, error: null };

export function createSessionController(options: SessionControllerOptions): SessionController {
  let state = initialSessionState;
  const listeners = new Set<() => void>();

  function set(next: Partial<SessionState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function go(path: string | undefined): void {
    if (path && path !== options.pathname()) options.navigate(path);
  }

  function onEvent(event: AuthChangeEvent, session: Session | null): void {
    if (!handledEvents.includes(event)) return;
    const hadSession = state.session !== null;
    // The startup lookup owns `loading` and the startup redirects: events only carry the session.
    set({ session, user: session?.user ?? null });
    if (event === 'INITIAL_SESSION') return;
    const pathname = options.pathname();
    if ((event === 'SIGNED_IN' || event === 'USER_UPDATED') && session && isLoginPath(pathname)) go(adminPath);
    // The session ended (signed out here or in another tab, revoked, refresh refused) while on /admin.
    if (!session && (hadSession || event === 'SIGNED_OUT') && isAdminPath(pathname)) {
      set({ error: null });
      go(loginPath);
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(authPromise) {
      let stopped = false;
      let unsubscribe: (() => void) | undefined;
      void (async () => {
        try {
          const auth = await authPromise;
          if (stopped) return;
          // Subscribed before the lookup so no event can fall between the answer and the subscription.
          const { data: listener } = auth.onAuthStateChange(onEvent);
          unsubscribe = () => listener.subscription.unsubscribe();
          const { data, error } = await auth.getSession();
          if (stopped) return;
          if (error) throw error;
          set({ session: data.session, user: data.session?.user ?? null, loading: false, error: null });
          go(startupRedirect(options.pathname(), data.session !== null));
        } catch (error) {
          if (stopped) return;
          console.error('[session] the session lookup failed:', error);
          set({ loading: false, error: sessionLoadError });
        }
      })();
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}
