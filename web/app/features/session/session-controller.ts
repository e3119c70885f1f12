/**
 * The session's state machine, free of React: the startup lookup, the auth events, the sign-in's
 * stage (decided once per session: is the second step due?) and the redirects they cause. The
 * provider wraps it; tests drive it with a real supabase-js auth client.
 */
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { isAdminPath, stageRedirect } from './session-redirects';
import { assuranceLevel, decideStage, immediateStage, type SignInStage } from './sign-in-stage';

export interface SessionState {
  session: Session | null;
  user: User | null;
  /** True until the first session answer (or its failure). */
  loading: boolean;
  /** 'Failed to load session.' when the startup lookup fails; null otherwise. */
  error: string | null;
  /** Where the sign-in stands (sign-in-stage.ts): /login shows the code step for 'code'. */
  stage: SignInStage;
}

export const sessionLoadError = 'Failed to load session.';

/**
 * The events the specification names, and MFA_CHALLENGE_VERIFIED: the second factor passed, the
 * session's new (aal2) tokens complete the sign-in.
 */
export const handledEvents: readonly AuthChangeEvent[] = [
  'SIGNED_IN',
  'USER_UPDATED',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'PASSWORD_RECOVERY',
  'INITIAL_SESSION',
  'MFA_CHALLENGE_VERIFIED',
];

/** Events after which a complete sign-in on /login goes on to /admin. */
const signInEvents: readonly AuthChangeEvent[] = ['SIGNED_IN', 'USER_UPDATED', 'MFA_CHALLENGE_VERIFIED'];

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
  /**
   * Whether the user is active staff (their public.staff row), asked once for a password-only
   * session: staff then owe the second step. Without it no one is staff.
   */
  isActiveStaff?: (userId: string) => Promise<boolean>;
}

export interface SessionController {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Looks the session up and subscribes to changes; returns the function that stops both. */
  start(auth: Promise<SessionAuthClient>): () => void;
}

export const initialSessionState: SessionState = {
  session: null,
  user: null,
  loading: true,
  error: null,
  stage: 'signed-out',
};

/** The session MFA_CHALLENGE_VERIFIED carries is the raw token reply: without expires_at, which the state promises. */
function withExpiry(session: Session | null): Session | null {
  if (!session || session.expires_at !== undefined) return session;
  return { ...session, expires_at: Math.round(Date.now() / 1000) + session.expires_in };
}

export function createSessionController(options: SessionControllerOptions): SessionController {
  let state = initialSessionState;
  const listeners = new Set<() => void>();
  const isActiveStaff = options.isActiveStaff ?? (() => Promise.resolve(false));
  // The user and assurance level the stage was decided for; a new pair invalidates older lookups.
  let decidedFor = '';
  let decisions = 0;

  function set(next: Partial<SessionState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function go(path: string | undefined): void {
    if (path && path !== options.pathname()) options.navigate(path);
  }

  /** Sends the browser where the stage belongs; while the stage is being decided, the decision does. */
  function settle(): void {
    if (state.stage !== 'deciding') go(stageRedirect(options.pathname(), state.stage));
  }

  /**
   * Records the session and, for a new user or assurance level, its stage: at once without a
   * session or at aal2, else after one staff lookup (a refreshed token keeps the stage it had).
   */
  function record(next: Session | null, extra: Partial<SessionState> = {}): void {
    const session = withExpiry(next);
    const key = session ? `${session.user.id}|${assuranceLevel(session)}` : '';
    if (key === decidedFor) return set({ session, user: session?.user ?? null, ...extra });
    decidedFor = key;
    const ticket = ++decisions;
    const stage = immediateStage(session);
    set({ session, user: session?.user ?? null, stage, ...extra });
    if (stage !== 'deciding' || !session) return;
    void decideStage(session.user.id, isActiveStaff).then((decided) => {
      if (ticket !== decisions) return;
      set({ stage: decided });
      settle();
    });
  }

  function onEvent(event: AuthChangeEvent, session: Session | null): void {
    if (!handledEvents.includes(event)) return;
    const hadSession = state.session !== null;
    // The startup lookup owns `loading` and the startup redirects: events only carry the session.
    record(session);
    if (event === 'INITIAL_SESSION') return;
    if (session && signInEvents.includes(event)) settle();
    // The session ended (signed out here or in another tab, revoked, refresh refused) while on /admin.
    if (!session && (hadSession || event === 'SIGNED_OUT') && isAdminPath(options.pathname())) {
      set({ error: null });
      settle();
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
          record(data.session, { loading: false, error: null });
          settle();
        } catch (error) {
          if (stopped) return;
          console.error('[session] the session lookup failed:', error);
          set({ loading: false, error: sessionLoadError });
        }
      })();
      return () => {
        stopped = true;
        unsubscribe?.();
        // A lookup under way answers no one; a restart (React's development double mount) decides anew.
        decidedFor = '';
        decisions += 1;
      };
    },
  };
}
