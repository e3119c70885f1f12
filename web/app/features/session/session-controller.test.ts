/**
 * The session's states, events, redirects and error texts, with unmodified supabase-js against the
 * local auth server (a real HTTP round trip).
 */
import { createClient, type SupportedStorage } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthServer, type AuthServer } from '../../../../local/auth/index.ts';
import type { Mail } from '../../../../local/auth/mailer.ts';
import {
  anonKey,
  createUser,
  serveAuth,
  startTestDatabase,
  testOptions,
  uniqueEmail,
  type TestDatabase,
} from '../../../../local/auth/test-support.ts';
import { totpCode } from '../../../../local/auth/totp.ts';
import type { Database } from '../../lib/supabase/database.ts';
import {
  createSessionController,
  sessionLoadError,
  type SessionController,
  type SessionState,
} from './session-controller.ts';

const password = 'Passw0rd!';
let db: TestDatabase;
let auth: AuthServer;
let served: { url: string; close(): Promise<void> };
const cleanups: (() => void)[] = [];
const outbox: Mail[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  auth = createAuthServer(testOptions(db.authUrl, { sendMail: async (mail) => void outbox.push(mail) }));
  served = await serveAuth(auth);
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

afterAll(async () => {
  await served?.close();
  await auth?.close();
  await db?.stop();
});

/** localStorage as a browser keeps it, shared by the clients of one "browser". */
function memoryStorage(): SupportedStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

interface Browser {
  storage: ReturnType<typeof memoryStorage>;
}

function browser(): Browser {
  return { storage: memoryStorage() };
}

function client(on: Browser) {
  return createClient<Database>(served.url, anonKey, {
    auth: { storage: on.storage, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

interface Harness {
  controller: SessionController;
  visits: string[];
  path: { current: string };
  /** Resolves once the state satisfies `check` (every state change is recorded in `states`). */
  until(check: (state: SessionState) => boolean): Promise<SessionState>;
  states: SessionState[];
}

function harness(
  startPath: string,
  supabase: ReturnType<typeof client>,
  isActiveStaff?: (userId: string) => Promise<boolean>,
): Harness {
  const path = { current: startPath };
  const visits: string[] = [];
  const states: SessionState[] = [];
  const controller = createSessionController({
    pathname: () => path.current,
    navigate: (to) => {
      visits.push(to);
      path.current = to;
    },
    isActiveStaff,
  });
  const waiters = new Set<() => void>();
  controller.subscribe(() => {
    states.push(controller.getState());
    for (const waiter of waiters) waiter();
  });
  cleanups.push(controller.start(Promise.resolve(supabase.auth)));
  return {
    controller,
    visits,
    path,
    states,
    until: (check) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`state never matched: ${JSON.stringify(controller.getState())}`)),
          10_000,
        );
        const test = () => {
          const state = controller.getState();
          if (!check(state)) return;
          clearTimeout(timer);
          waiters.delete(test);
          resolve(state);
        };
        waiters.add(test);
        test();
      }),
  };
}

async function signedInBrowser(): Promise<{ on: Browser; email: string; userId: string }> {
  const email = uniqueEmail('session');
  const userId = await createUser(auth, email, password);
  const on = browser();
  const { error } = await client(on).auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { on, email, userId };
}

/** Marks the stored session's access token as run out, so the next read must refresh it. */
function expireStoredAccessToken(on: Browser): void {
  const [key, raw] = [...on.storage.items][0]!;
  on.storage.items.set(key, JSON.stringify({ ...JSON.parse(raw), expires_at: Math.floor(Date.now() / 1000) - 1 }));
}

/** A browser whose stored session was signed out everywhere from another device, its access token run out. */
async function revokedBrowser(): Promise<{ on: Browser; email: string }> {
  const { on, email } = await signedInBrowser();
  const stored = JSON.parse([...on.storage.items.values()][0]!) as { access_token: string; refresh_token: string };
  const elsewhere = client(browser());
  expect((await elsewhere.auth.setSession(stored)).error).toBeNull();
  expect((await elsewhere.auth.signOut({ scope: 'global' })).error).toBeNull();
  expireStoredAccessToken(on);
  return { on, email };
}

describe('the session at startup', () => {
  it('is loading with no session or error until the first answer', () => {
    const h = harness('/admin', client(browser()));
    expect(h.controller.getState()).toEqual({
      session: null,
      user: null,
      loading: true,
      error: null,
      stage: 'signed-out',
    });
  });

  it('no session on /admin: loading stops and the browser goes to /login', async () => {
    const h = harness('/admin/events', client(browser()));
    const state = await h.until((s) => !s.loading);
    expect(state).toEqual({ session: null, user: null, loading: false, error: null, stage: 'signed-out' });
    expect(h.visits).toEqual(['/login']);
  });

  it('a stored session on /login: the browser goes to /admin with the session and its user', async () => {
    const { on, email, userId } = await signedInBrowser();
    const h = harness('/login', client(on));
    const state = await h.until((s) => !s.loading);
    expect(state.session?.access_token).toEqual(expect.any(String));
    expect(state.session?.refresh_token).toEqual(expect.any(String));
    expect(state.session?.token_type).toBe('bearer');
    expect(state.session?.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(state.user).toMatchObject({ id: userId, email });
    expect(h.visits).toEqual(['/admin']);
  });

  it('a stored session on /admin stays there; none on a public page or /login goes nowhere', async () => {
    const { on } = await signedInBrowser();
    const onAdmin = harness('/admin', client(on));
    await onAdmin.until((s) => !s.loading && s.session !== null);
    const onLogin = harness('/login', client(browser()));
    await onLogin.until((s) => !s.loading);
    const onReset = harness('/login/reset', client(on));
    await onReset.until((s) => !s.loading);
    expect([onAdmin.visits, onLogin.visits, onReset.visits]).toEqual([[], [], []]);
  });

  it("a failed lookup sets 'Failed to load session.' and stops loading; a dead stored session on /admin goes to /login", async () => {
    const { on } = await revokedBrowser();
    const h = harness('/admin', client(on));
    const state = await h.until((s) => !s.loading);
    expect(state).toEqual({
      session: null,
      user: null,
      loading: false,
      error: 'Failed to load session.',
      stage: 'signed-out',
    });
    expect(sessionLoadError).toBe('Failed to load session.');
    expect(h.visits).toEqual(['/login']);
  });

  it('a failed lookup on /login stays on /login with the error text', async () => {
    const { on } = await revokedBrowser();
    const h = harness('/login', client(on));
    const state = await h.until((s) => !s.loading);
    expect(state.error).toBe(sessionLoadError);
    expect(h.visits).toEqual([]);
  });
});

describe('the auth events', () => {
  it('INITIAL_SESSION answers the subscription; SIGNED_IN on /login goes to /admin', async () => {
    const email = uniqueEmail('signin');
    const userId = await createUser(auth, email, password);
    const supabase = client(browser());
    const h = harness('/login', supabase);
    await h.until((s) => !s.loading);
    expect(h.visits).toEqual([]);
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const state = await h.until((s) => s.session !== null);
    expect(state.user?.id).toBe(userId);
    expect(h.visits).toEqual(['/admin']);
  });

  it('USER_UPDATED on /login goes to /admin and carries the new user record', async () => {
    const { on } = await signedInBrowser();
    const supabase = client(on);
    const h = harness('/admin', supabase);
    await h.until((s) => s.session !== null);
    h.path.current = '/login';
    const { error } = await supabase.auth.updateUser({ data: { name: 'Wanjiru' } });
    expect(error).toBeNull();
    const state = await h.until((s) => s.user?.user_metadata.name === 'Wanjiru');
    expect(state.session?.user.user_metadata.name).toBe('Wanjiru');
    expect(h.visits).toEqual(['/admin']);
  });

  it('TOKEN_REFRESHED replaces the session with the new tokens and stays put', async () => {
    const { on } = await signedInBrowser();
    const supabase = client(on);
    const h = harness('/admin', supabase);
    const before = await h.until((s) => s.session !== null);
    const { data, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    const after = await h.until((s) => s.session?.refresh_token === data.session?.refresh_token);
    expect(after.session?.refresh_token).not.toBe(before.session?.refresh_token);
    expect(h.visits).toEqual([]);
  });

  it('SIGNED_OUT on /admin goes to /login, empties the session and clears the error text', async () => {
    const { on, email } = await revokedBrowser();
    const supabase = client(on);
    const h = harness('/login', supabase);
    await h.until((s) => s.error === sessionLoadError);
    expect((await supabase.auth.signInWithPassword({ email, password })).error).toBeNull();
    await h.until((s) => s.session !== null);
    expect(h.visits).toEqual(['/admin']);
    expect(h.controller.getState().error).toBe(sessionLoadError);
    expect((await supabase.auth.signOut()).error).toBeNull();
    const state = await h.until((s) => s.session === null);
    expect(state).toEqual({ session: null, user: null, loading: false, error: null, stage: 'signed-out' });
    expect(h.visits).toEqual(['/admin', '/login']);
  });

  it('a session revoked elsewhere ends at the next refresh: SIGNED_OUT, and /admin goes to /login', async () => {
    const { on } = await signedInBrowser();
    const supabase = client(on);
    const h = harness('/admin', supabase);
    await h.until((s) => s.session !== null);
    // Another device signs this account out everywhere.
    const stored = JSON.parse([...on.storage.items.values()][0]!) as { access_token: string; refresh_token: string };
    const elsewhere = client(browser());
    expect((await elsewhere.auth.setSession(stored)).error).toBeNull();
    expect((await elsewhere.auth.signOut({ scope: 'global' })).error).toBeNull();
    // Once its access token has run out, the refused refresh ends the session (a still-valid one is kept).
    expireStoredAccessToken(on);
    const { error } = await supabase.auth.refreshSession();
    expect(error?.message).toMatch(/refresh token/i);
    const state = await h.until((s) => s.session === null);
    expect(state.user).toBeNull();
    expect(h.visits).toEqual(['/login']);
  });

  it('PASSWORD_RECOVERY (a recovery link followed) carries the session and keeps the reset page', async () => {
    const email = uniqueEmail('recovery');
    const userId = await createUser(auth, email, password);
    const supabase = client(browser());
    const h = harness('/login/reset', supabase);
    await h.until((s) => !s.loading);
    expect((await supabase.auth.resetPasswordForEmail(email)).error).toBeNull();
    const link = /(http\S+\/verify\?\S+)/.exec(outbox.find((mail) => mail.to === email)?.text ?? '')![1]!;
    const token_hash = new URL(link).searchParams.get('token')!;
    expect((await supabase.auth.verifyOtp({ type: 'recovery', token_hash })).error).toBeNull();
    const state = await h.until((s) => s.session !== null);
    expect(state.user?.id).toBe(userId);
    expect(h.visits).toEqual([]);
  });
});

describe('the sign-in stage: the second step decided once per session', () => {
  /** A staff lookup that answers from a list, counting the questions. */
  function staffList(...ids: string[]) {
    const asked: string[] = [];
    return { asked, isActiveStaff: (id: string) => (asked.push(id), Promise.resolve(ids.includes(id))) };
  }

  it('a staff password on /login stays there at the code step; the accepted code opens /admin once', async () => {
    const email = uniqueEmail('staff');
    const userId = await createUser(auth, email, password);
    const supabase = client(browser());
    const staff = staffList(userId);
    const h = harness('/login', supabase, staff.isActiveStaff);
    await h.until((s) => !s.loading);
    expect((await supabase.auth.signInWithPassword({ email, password })).error).toBeNull();
    await h.until((s) => s.stage === 'code');
    expect(h.visits).toEqual([]);
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toBeNull();
    const verified = await supabase.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: totpCode(enrolled.data!.totp.secret),
    });
    expect(verified.error).toBeNull();
    const state = await h.until((s) => s.stage === 'complete');
    expect(state.session?.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(h.visits).toEqual(['/admin']);
    // Only the password-only session needed a lookup; the aal2 one is through by its token alone.
    expect(staff.asked).toEqual([userId]);
    // From the password on, the stage only went forward.
    const stages = h.states.map((s) => s.stage).filter((stage, i, all) => stage !== all[i - 1]);
    expect(stages).toEqual(['signed-out', 'deciding', 'code', 'complete']);
  });

  it('someone who is not staff goes on to /admin after the password, after one lookup', async () => {
    const email = uniqueEmail('customer');
    await createUser(auth, email, password);
    const supabase = client(browser());
    const staff = staffList();
    const h = harness('/login', supabase, staff.isActiveStaff);
    await h.until((s) => !s.loading);
    expect((await supabase.auth.signInWithPassword({ email, password })).error).toBeNull();
    await h.until((s) => s.stage === 'complete');
    expect(h.visits).toEqual(['/admin']);
    expect(staff.asked).toHaveLength(1);
  });

  it('a stored password-only staff session found on /admin goes to /login; a refreshed token keeps the stage unasked', async () => {
    const { on, userId } = await signedInBrowser();
    const supabase = client(on);
    const staff = staffList(userId);
    const h = harness('/admin/orders', supabase, staff.isActiveStaff);
    await h.until((s) => s.stage === 'code');
    expect(h.visits).toEqual(['/login']);
    const { data } = await supabase.auth.refreshSession();
    await h.until((s) => s.session?.refresh_token === data.session?.refresh_token);
    expect(h.controller.getState().stage).toBe('code');
    expect(staff.asked).toEqual([userId]);
  });

  it('a failed staff lookup leaves the code step on /login (it offers to try again), never /admin', async () => {
    const { on } = await signedInBrowser();
    const h = harness('/login', client(on), () => Promise.reject(new Error('the staff lookup failed')));
    await h.until((s) => s.stage === 'code');
    expect(h.visits).toEqual([]);
  });
});
