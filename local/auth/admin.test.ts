/** /admin/users endpoints (service-role only), /health, /settings and unknown routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthServer, type AuthServer } from './index.ts';
import {
  anonKey,
  asSession,
  call,
  createUser,
  serviceRoleKey,
  signIn,
  startTestDatabase,
  testOptions,
  uniqueEmail,
  type Body,
  type TestDatabase,
} from './test-support.ts';

let db: TestDatabase;
let auth: AuthServer;

beforeAll(async () => {
  db = await startTestDatabase();
  auth = createAuthServer(testOptions(db.authUrl));
});

afterAll(async () => {
  await auth?.close();
  await db?.stop();
});

const admin = (method: string, path: string, body?: unknown) =>
  call(auth, method, path, { token: serviceRoleKey, body });

describe('admin authorisation', () => {
  it('refuses the anon key and user tokens with 403 not_admin, and no token with 401', async () => {
    const email = uniqueEmail('plain');
    const id = await createUser(auth, email, 'Passw0rd!');
    const userToken = asSession((await signIn(auth, email, 'Passw0rd!')).body).access_token;
    const attempts: [string, string][] = [
      ['GET', '/admin/users'],
      ['POST', '/admin/users'],
      ['GET', `/admin/users/${id}`],
      ['PUT', `/admin/users/${id}`],
      ['DELETE', `/admin/users/${id}`],
    ];
    for (const [method, path] of attempts) {
      for (const token of [anonKey, userToken]) {
        const requestBody = method === 'GET' ? undefined : {};
        const { status, body } = await call(auth, method, path, { token, body: requestBody });
        expect(status).toBe(403);
        expect(body).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });
      }
      expect((await call(auth, method, path)).body).toMatchObject({ code: 401, error_code: 'no_authorization' });
      expect((await call(auth, method, path, { token: 'garbage' })).body).toMatchObject({
        code: 403,
        error_code: 'bad_jwt',
      });
    }
    expect((await admin('GET', `/admin/users/${id}`)).status).toBe(200);
  });
});

describe('POST /admin/users', () => {
  it('creates a user with metadata, confirmation and an e-mail identity', async () => {
    const email = uniqueEmail('Staff');
    const { status, body } = await admin('POST', '/admin/users', {
      email,
      password: 'Passw0rd!',
      email_confirm: true,
      user_metadata: { name: 'Staff' },
      app_metadata: { staff: true },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'], staff: true },
      user_metadata: { name: 'Staff', email_verified: true },
      identities: [
        {
          provider: 'email',
          identity_data: { email: email.toLowerCase(), email_verified: false, phone_verified: false },
        },
      ],
      is_anonymous: false,
    });
    expect(body.email_confirmed_at).toEqual(body.confirmed_at);
    expect(body).not.toHaveProperty('last_sign_in_at');
    expect((await signIn(auth, email, 'Passw0rd!')).status).toBe(200);
  });

  it('accepts a chosen id; rejects duplicates and bad input with GoTrue codes', async () => {
    const id = crypto.randomUUID();
    const email = uniqueEmail('dup');
    expect((await admin('POST', '/admin/users', { id, email, password: 'Passw0rd!' })).body).toMatchObject({ id });
    expect(await admin('POST', '/admin/users', { id, email: uniqueEmail('sameid') })).toMatchObject({
      status: 422,
      body: { error_code: 'user_already_exists' },
    });
    expect(await admin('POST', '/admin/users', { email: email.toUpperCase(), password: 'Passw0rd!' })).toMatchObject({
      status: 422,
      body: { error_code: 'email_exists', msg: 'A user with this email address has already been registered' },
    });
    expect(await admin('POST', '/admin/users', { password: 'Passw0rd!' })).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'Cannot create a user without either an email or phone' },
    });
    expect(await admin('POST', '/admin/users', { email: uniqueEmail('id'), id: 'nope' })).toMatchObject({
      status: 400,
      body: { msg: 'ID must conform to the uuid v4 format' },
    });
    expect(await admin('POST', '/admin/users', { email: 12 })).toMatchObject({
      status: 400,
      body: { error_code: 'bad_json' },
    });
  });
});

describe('GET /admin/users', () => {
  it('lists newest first with GoTrue pagination headers', async () => {
    const label = `page${crypto.randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 3; i++) await createUser(auth, `${label}-${i}@example.test`, 'Passw0rd!');
    const { status, body, headers } = await call(auth, 'GET', `/admin/users?page=1&per_page=2&filter=${label}`, {
      token: serviceRoleKey,
    });
    expect(status).toBe(200);
    expect(body.aud).toBe('authenticated');
    expect((body.users as Body[]).map((u) => u.email)).toEqual([`${label}-2@example.test`, `${label}-1@example.test`]);
    expect(headers.get('x-total-count')).toBe('3');
    expect(headers.get('link')).toBe(
      `</admin/users?filter=${label}&page=2&per_page=2>; rel="next", </admin/users?filter=${label}&page=2&per_page=2>; rel="last"`,
    );
    const defaults = await call(auth, 'GET', '/admin/users?page=&per_page=', { token: serviceRoleKey });
    expect(defaults.status).toBe(200);
    expect((defaults.body.users as Body[]).length).toBeGreaterThanOrEqual(3);
    expect((await call(auth, 'GET', '/admin/users?page=x', { token: serviceRoleKey })).body).toMatchObject({
      error_code: 'validation_failed',
    });
  });
});

describe('/admin/users/{id}', () => {
  it('gets, updates and deletes a user', async () => {
    const email = uniqueEmail('target');
    const id = await createUser(auth, email, 'Passw0rd!');
    const session = asSession((await signIn(auth, email, 'Passw0rd!')).body);
    expect((await admin('GET', `/admin/users/${id}`)).body).toMatchObject({ id, email });

    const updated = await admin('PUT', `/admin/users/${id}`, {
      password: 'Changed1pass',
      user_metadata: { name: 'T' },
      app_metadata: { staff: true },
      role: 'authenticated',
    });
    expect(updated.body).toMatchObject({
      id,
      user_metadata: { name: 'T', email_verified: true },
      app_metadata: { provider: 'email', staff: true },
    });
    // A password set by an admin ends the user's sessions.
    expect((await call(auth, 'GET', '/user', { token: session.access_token })).body).toMatchObject({
      error_code: 'session_not_found',
    });
    expect((await signIn(auth, email, 'Changed1pass')).status).toBe(200);
    expect(await admin('PUT', `/admin/users/${id}`, { password: 'weak' })).toMatchObject({
      status: 422,
      body: { error_code: 'weak_password', weak_password: { reasons: ['length', 'characters'] } },
    });

    expect(await admin('DELETE', `/admin/users/${id}`)).toEqual(expect.objectContaining({ status: 200, body: {} }));
    expect(await admin('GET', `/admin/users/${id}`)).toMatchObject({
      status: 404,
      body: { error_code: 'user_not_found', msg: 'User not found' },
    });
  });

  it('404s for ids that are not UUIDs; soft delete frees the address', async () => {
    expect(await admin('GET', '/admin/users/not-a-uuid')).toMatchObject({
      status: 404,
      body: { error_code: 'validation_failed', msg: 'user_id must be an UUID' },
    });
    const email = uniqueEmail('soft');
    const id = await createUser(auth, email, 'Passw0rd!');
    expect((await admin('DELETE', `/admin/users/${id}`, { should_soft_delete: true })).status).toBe(200);
    expect((await admin('GET', `/admin/users/${id}`)).body).toMatchObject({
      id,
      email: '',
      deleted_at: expect.any(String),
    });
    expect((await signIn(auth, email, 'Passw0rd!')).status).toBe(400);
    expect((await admin('POST', '/admin/users', { email, password: 'Passw0rd!' })).status).toBe(200);
  });
});

describe('health, settings and unknown routes', () => {
  it('GET /health and /settings answer in GoTrue shapes', async () => {
    expect((await call(auth, 'GET', '/health')).body).toMatchObject({ name: 'GoTrue' });
    const { body } = await call(auth, 'GET', '/settings');
    expect(body).toMatchObject({
      disable_signup: true,
      mailer_autoconfirm: true,
      external: { email: true, google: false },
    });
  });

  it('404 for unknown paths, 405 for unknown methods', async () => {
    expect((await auth.handle(new Request('http://auth.test/magiclink', { method: 'POST' }))).status).toBe(404);
    expect((await auth.handle(new Request('http://auth.test/user', { method: 'DELETE' }))).status).toBe(405);
  });

  it('refuses to start with a service role key not signed by the secret', () => {
    expect(() => createAuthServer(testOptions(db.authUrl, { serviceRoleKey: anonKey }))).toThrow(/serviceRoleKey/);
    expect(() => createAuthServer(testOptions(db.authUrl, { jwtSecret: 'x'.repeat(40) }))).toThrow(/serviceRoleKey/);
  });
});
