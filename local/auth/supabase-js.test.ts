/** Unmodified @supabase/supabase-js 2.119 against this server over HTTP: the flows the website uses. */
import { createClient, type AuthChangeEvent, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthServer, type AuthServer } from './index.ts';
import {
  anonKey,
  createUser,
  serveAuth,
  serviceRoleKey,
  startTestDatabase,
  testOptions,
  uniqueEmail,
  type TestDatabase,
} from './test-support.ts';

let db: TestDatabase;
let auth: AuthServer;
let served: { url: string; close(): Promise<void> };

beforeAll(async () => {
  db = await startTestDatabase();
  auth = createAuthServer(testOptions(db.authUrl, { failedSigninLimitPerAccount: 3 }));
  served = await serveAuth(auth);
});

afterAll(async () => {
  await served?.close();
  await auth?.close();
  await db?.stop();
});

function browserClient(): SupabaseClient<Database> {
  return createClient<Database>(served.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

describe('supabase-js against the local auth server', () => {
  it('signs in, reads, refreshes, updates and signs out, emitting the auth events in order', async () => {
    const email = uniqueEmail('js');
    const id = await createUser(auth, email, 'Passw0rd!');
    const client = browserClient();
    const events: AuthChangeEvent[] = [];
    const { data: listener } = client.auth.onAuthStateChange((event) => {
      events.push(event);
    });

    const signedIn = await client.auth.signInWithPassword({ email, password: 'Passw0rd!' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(id);

    const { data: current } = await client.auth.getSession();
    expect(current.session?.user.email).toBe(email);
    expect(current.session?.access_token).toBe(signedIn.data.session?.access_token);

    const { data: me, error: meError } = await client.auth.getUser();
    expect(meError).toBeNull();
    expect(me.user?.id).toBe(id);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session?.refresh_token);

    const updated = await client.auth.updateUser({ data: { name: 'Ada' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Ada' });

    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']);
    listener.subscription.unsubscribe();
  });

  it('reports a wrong password as AuthApiError 400 invalid_credentials', async () => {
    const email = uniqueEmail('jswrong');
    await createUser(auth, email, 'Passw0rd!');
    const { data, error } = await browserClient().auth.signInWithPassword({ email, password: 'not-it' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      name: 'AuthApiError',
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('reports throttling as 429 over_request_rate_limit', async () => {
    const email = uniqueEmail('jsthrottle');
    await createUser(auth, email, 'Passw0rd!');
    const client = browserClient();
    for (let i = 0; i < 3; i++) await client.auth.signInWithPassword({ email, password: 'nope' });
    const { error } = await client.auth.signInWithPassword({ email, password: 'Passw0rd!' });
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
  });

  it('signs out another device whose session was revoked (session_not_found → SIGNED_OUT)', async () => {
    const email = uniqueEmail('jsrevoked');
    await createUser(auth, email, 'Passw0rd!');
    const laptop = browserClient();
    const phone = browserClient();
    await laptop.auth.signInWithPassword({ email, password: 'Passw0rd!' });
    await phone.auth.signInWithPassword({ email, password: 'Passw0rd!' });
    const phoneEvents: AuthChangeEvent[] = [];
    phone.auth.onAuthStateChange((event) => {
      phoneEvents.push(event);
    });

    await laptop.auth.signOut({ scope: 'global' });
    const { data, error } = await phone.auth.getUser();
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
    expect((await phone.auth.getSession()).data.session).toBeNull();
    expect(phoneEvents).toContain('SIGNED_OUT');
  });

  it('works for the service-role admin API (createUser, listUsers, updateUserById, deleteUser)', async () => {
    const service = createClient<Database>(served.url, serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const email = uniqueEmail('jsadmin');
    const created = await service.auth.admin.createUser({ email, password: 'Passw0rd!', email_confirm: true });
    expect(created.error).toBeNull();
    const userId = created.data.user?.id ?? '';
    const duplicate = await service.auth.admin.createUser({ email, password: 'Passw0rd!' });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    const listed = await service.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.some((u) => u.id === userId)).toBe(true);
    expect(listed.data).toMatchObject({ total: expect.any(Number), lastPage: 1 });

    const weak = await service.auth.admin.updateUserById(userId, { password: 'weak' });
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, reasons: ['length', 'characters'] });
    expect((await service.auth.admin.updateUserById(userId, { password: 'Stronger1' })).error).toBeNull();
    expect((await browserClient().auth.signInWithPassword({ email, password: 'Stronger1' })).error).toBeNull();

    expect((await service.auth.admin.deleteUser(userId)).error).toBeNull();
    expect((await service.auth.admin.getUserById(userId)).error).toMatchObject({ status: 404, code: 'user_not_found' });

    const anon = createClient<Database>(served.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await anon.auth.admin.listUsers()).error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});
