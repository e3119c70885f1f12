/**
 * Sign-in as the admin area will use it: unmodified supabase-js against the whole stack (gateway,
 * auth server, PostgREST, PostgreSQL), and `npm run staff:add` creating an account that RLS
 * then treats as staff.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createClient, type AuthChangeEvent, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { Agent } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../local/env.ts';
import { stackInfo } from './stack-info.ts';
import { passSecondFactor } from '../support/second-factor.ts';

const stack = stackInfo();
const noPersistence = { auth: { persistSession: false, autoRefreshToken: false } };
const visitor = (): SupabaseClient<Database> => createClient<Database>(stack.apiUrl, stack.anonKey, noPersistence);
const service = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, noPersistence);
const password = 'Kiambu-Road-2026';

/** fetch over connections from another loopback address: to the gateway, another client. */
function fetchFrom(localAddress: string): typeof fetch {
  const dispatcher = new Agent({ localAddress });
  return (input, init) => fetch(input, { ...init, dispatcher } as RequestInit);
}

async function newUser(label: string): Promise<{ id: string; email: string }> {
  const email = `${label}-${randomUUID().slice(0, 8)}@ascent.example`;
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  return { id: data.user.id, email };
}

describe('signing in through the gateway', () => {
  it('signs in, keeps the session, refreshes, updates and signs out, emitting the auth events in order', async () => {
    const { id, email } = await newUser('session');
    const client = visitor();
    const events: AuthChangeEvent[] = [];
    const { data: listener } = client.auth.onAuthStateChange((event) => void events.push(event));

    const signedIn = await client.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(id);
    const session = (await client.auth.getSession()).data.session;
    expect(session?.access_token).toBe(signedIn.data.session?.access_token);
    expect(session?.expires_at).toBeGreaterThan(Date.now() / 1000);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session?.refresh_token);

    const updated = await client.auth.updateUser({ data: { display_name: 'Wanjiru' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ display_name: 'Wanjiru' });

    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']);
    listener.subscription.unsubscribe();
  });

  it('refuses a wrong password with invalid_credentials', async () => {
    const { email } = await newUser('wrong');
    const { data, error } = await visitor().auth.signInWithPassword({ email, password: 'not-the-password-1' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it("slows an attacker's wrong passwords (429) without locking the staff member out from another address", async () => {
    const { email } = await newUser('throttle');
    const attacker = visitor();
    // AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT is 5 in the local defaults.
    for (let attempt = 0; attempt < 5; attempt++) {
      const { error } = await attacker.auth.signInWithPassword({ email, password: `guess-${attempt}-x` });
      expect(error?.status).toBe(400);
    }
    // Even the right password waits now, from the attacker's address ...
    const { error } = await attacker.auth.signInWithPassword({ email, password });
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    // ... but the staff member, connecting from another address (127.0.0.2), signs in.
    const staff = createClient<Database>(stack.apiUrl, stack.anonKey, {
      ...noPersistence,
      global: { fetch: fetchFrom('127.0.0.2') },
    });
    const signedIn = await staff.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email).toBe(email);
  });

  it('a sign-up gets no session until its address is confirmed (enable_confirmations)', async () => {
    const email = `new-${randomUUID()}@ascent.example`;
    const { data, error } = await visitor().auth.signUp({ email, password });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const early = await visitor().auth.signInWithPassword({ email, password });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('needs an e-mail or phone and a password', async () => {
    // supabase-js refuses before calling when neither is given at all…
    const noIdentifier = { password } as unknown as Parameters<SupabaseClient['auth']['signInWithPassword']>[0];
    const local = await visitor().auth.signInWithPassword(noIdentifier);
    expect(local.error?.message).toBe('You must provide either an email or phone number and a password');
    // …and the server refuses blank values with GoTrue's validation error.
    const { error } = await visitor().auth.signInWithPassword({ email: '', password: '' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('npm run staff:add', () => {
  const email = `staff-${randomUUID().slice(0, 8)}@ascent.example`;

  function staffAdd(...args: string[]) {
    return spawnSync(process.execPath, ['scripts/staff-add.ts', ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, SUPABASE_URL: stack.apiUrl, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey },
    });
  }

  beforeAll(() => {
    const result = staffAdd(email, 'First-password-1');
    expect(result.status, result.stderr).toBe(0);
  });

  it('creates an admin that signs in (password, then TOTP) and may write the catalogue, which a non-staff user may not', async () => {
    const staff = visitor();
    expect((await staff.auth.signInWithPassword({ email, password: 'First-password-1' })).error).toBeNull();
    await passSecondFactor(staff);
    const title = `Staff-created workshop ${randomUUID().slice(0, 6)}`;
    const row = {
      title,
      description: 'Created by a staff account in a test.',
      venue: 'Kiambu Road',
      starts_at: '2031-03-02T06:00:00Z',
      ends_at: '2031-03-02T14:00:00Z',
    };
    const inserted = await staff.from('events').insert(row).select('title').single();
    expect(inserted.error).toBeNull();
    expect(inserted.data?.title).toBe(title);

    const other = visitor();
    const { email: otherEmail } = await newUser('not-staff');
    await other.auth.signInWithPassword({ email: otherEmail, password });
    const refused = await other.from('events').insert({ ...row, title: `${title} (not staff)` });
    expect(refused.error?.code).toBe('42501');
  });

  it('updates the password when run again for the same address', async () => {
    const again = staffAdd(email, 'Second-password-2');
    expect(again.status, again.stderr).toBe(0);
    expect((await visitor().auth.signInWithPassword({ email, password: 'First-password-1' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await visitor().auth.signInWithPassword({ email, password: 'Second-password-2' })).error).toBeNull();
  });

  it('explains bad arguments and exits non-zero', () => {
    const result = staffAdd('not-an-email', 'x');
    expect(result.status).toBe(2);
    expect(result.stderr + result.stdout).toMatch(/not an e-mail address/);
  });
});
