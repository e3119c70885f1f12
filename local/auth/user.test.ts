/** GET/PUT /user, POST /logout and POST /signup: the signed-in user's endpoints and their errors. */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthServer, type AuthServer } from './index.ts';
import {
  anonKey,
  asSession,
  call,
  createUser,
  jwtSecret,
  serviceRoleKey,
  signIn,
  startTestDatabase,
  testOptions,
  uniqueEmail,
  type TestDatabase,
} from './test-support.ts';

let db: TestDatabase;
let auth: AuthServer;
let open: AuthServer;

beforeAll(async () => {
  db = await startTestDatabase();
  auth = createAuthServer(testOptions(db.authUrl, { sendMail: async () => {} }));
  open = createAuthServer(testOptions(db.authUrl, { enableSignup: true }));
});

afterAll(async () => {
  await Promise.all([auth?.close(), open?.close()]);
  await db?.stop();
});

async function signedIn(label: string, password = 'Passw0rd!') {
  const email = uniqueEmail(label);
  const id = await createUser(auth, email, password);
  const session = asSession((await signIn(auth, email, password)).body);
  return { email, id, session, token: session.access_token };
}

const secret = new TextEncoder().encode(jwtSecret);

describe('GET /user', () => {
  it('returns the user for a valid access token', async () => {
    const { id, email, token } = await signedIn('me');
    const { status, body } = await call(auth, 'GET', '/user', { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, email, aud: 'authenticated', role: 'authenticated', is_anonymous: false });
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(['email_confirmed_at', 'confirmed_at', 'created_at', 'updated_at', 'identities']),
    );
    expect(body).not.toHaveProperty('encrypted_password');
  });

  it('401 no_authorization without a bearer token', async () => {
    const { status, body } = await call(auth, 'GET', '/user');
    expect(status).toBe(401);
    expect(body).toEqual({ code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a Bearer token' });
  });

  it('403 bad_jwt for a forged, malformed or expired token, or one without a subject', async () => {
    const { id } = await signedIn('bad');
    const forged = await new SignJWT({ sub: id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-chars'));
    const expired = await new SignJWT({ sub: id, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(secret);
    const cases: [string, string][] = [
      [forged, 'token signature is invalid'],
      ['not.a.jwt', 'token is malformed'],
      [expired, 'token has invalid claims: token is expired'],
      [anonKey, 'invalid claim: missing sub claim'],
    ];
    for (const [token, reason] of cases) {
      const { status, body } = await call(auth, 'GET', '/user', { token });
      expect(status).toBe(403);
      expect(body.error_code).toBe('bad_jwt');
      expect(body.msg).toContain(reason);
    }
  });

  it('403 user_not_found once the user is deleted', async () => {
    const { id, token } = await signedIn('gone');
    await call(auth, 'DELETE', `/admin/users/${id}`, { token: serviceRoleKey });
    expect(await call(auth, 'GET', '/user', { token })).toMatchObject({
      status: 403,
      body: { error_code: 'user_not_found', msg: 'User from sub claim in JWT does not exist' },
    });
  });
});

describe('POST /logout', () => {
  it('204, then the token is refused with 403 session_not_found and its refresh token is gone', async () => {
    const { token, session } = await signedIn('logout');
    const out = await auth.handle(
      new Request('http://auth.test/logout?scope=global', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(out.status).toBe(204);
    expect(await out.text()).toBe('');
    expect(await call(auth, 'GET', '/user', { token })).toMatchObject({
      status: 403,
      body: { code: 403, error_code: 'session_not_found', msg: 'Session from session_id claim in JWT does not exist' },
    });
    const again = await call(auth, 'POST', '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(again.body).toMatchObject({ error_code: 'refresh_token_not_found' });
  });

  it('scopes: local ends this session, others every other one, global all', async () => {
    const email = uniqueEmail('scopes');
    await createUser(auth, email, 'Passw0rd!');
    const sessions = async (n: number) =>
      Promise.all(Array.from({ length: n }, async () => asSession((await signIn(auth, email, 'Passw0rd!')).body)));
    const status = async (token: string) => (await call(auth, 'GET', '/user', { token })).status;

    const [a, b, c] = await sessions(3);
    expect((await call(auth, 'POST', '/logout?scope=local', { token: a!.access_token })).status).toBe(204);
    expect([await status(a!.access_token), await status(b!.access_token), await status(c!.access_token)]).toEqual([
      403, 200, 200,
    ]);

    expect((await call(auth, 'POST', '/logout?scope=others', { token: b!.access_token })).status).toBe(204);
    expect([await status(b!.access_token), await status(c!.access_token)]).toEqual([200, 403]);

    const [d] = await sessions(1);
    expect((await call(auth, 'POST', '/logout', { token: d!.access_token })).status).toBe(204);
    expect([await status(b!.access_token), await status(d!.access_token)]).toEqual([403, 403]);
  });

  it('400 validation_failed for an unknown scope', async () => {
    const { token } = await signedIn('scope');
    expect(await call(auth, 'POST', '/logout?scope=everything', { token })).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'Unsupported logout scope "everything"' },
    });
  });
});

describe('PUT /user', () => {
  it('merges data (null removes a key) and answers with the user', async () => {
    const { token } = await signedIn('data');
    await call(auth, 'PUT', '/user', { token, body: { data: { name: 'Ada', team: 'red' } } });
    const { status, body } = await call(auth, 'PUT', '/user', { token, body: { data: { team: null, role: 'lead' } } });
    expect(status).toBe(200);
    expect(body.user_metadata).toEqual({ email_verified: true, name: 'Ada', role: 'lead' });
  });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const { email, token } = await signedIn('newpass');
    const other = asSession((await signIn(auth, email, 'Passw0rd!')).body);
    expect((await call(auth, 'PUT', '/user', { token, body: { password: 'Another1pass' } })).status).toBe(200);
    expect((await signIn(auth, email, 'Passw0rd!')).status).toBe(400);
    expect((await signIn(auth, email, 'Another1pass')).status).toBe(200);
    expect((await call(auth, 'GET', '/user', { token })).status).toBe(200);
    expect((await call(auth, 'GET', '/user', { token: other.access_token })).body).toMatchObject({
      error_code: 'session_not_found',
    });
  });

  it('422 weak_password with reasons, and same_password', async () => {
    const { token } = await signedIn('weak');
    const short = await call(auth, 'PUT', '/user', { token, body: { password: 'ab' } });
    expect(short.status).toBe(422);
    expect(short.body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg:
        'Password should be at least 8 characters. Password should contain at least one character of each: ' +
        'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
      weak_password: { reasons: ['length', 'characters'] },
    });
    expect(
      (await call(auth, 'PUT', '/user', { token, body: { password: 'longenoughbutnodigits' } })).body,
    ).toMatchObject({
      error_code: 'weak_password',
      weak_password: { reasons: ['characters'] },
    });
    const v2024 = await call(auth, 'PUT', '/user', {
      token,
      body: { password: 'abc1' },
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(v2024.body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect((await call(auth, 'PUT', '/user', { token, body: { password: 'Passw0rd!' } })).body).toMatchObject({
      code: 422,
      error_code: 'same_password',
      msg: 'New password should be different from the old password.',
    });
  });

  it('holds an e-mail change until it is confirmed; refuses one that is taken, and app_metadata from a user', async () => {
    const { token, id, email } = await signedIn('mover');
    const taken = uniqueEmail('taken');
    await createUser(auth, taken, 'Passw0rd!');
    expect(await call(auth, 'PUT', '/user', { token, body: { email: taken } })).toMatchObject({
      status: 422,
      body: { error_code: 'email_exists', msg: 'A user with this email address has already been registered' },
    });
    const fresh = uniqueEmail('moved');
    const moved = await call(auth, 'PUT', '/user', { token, body: { email: fresh.toUpperCase() } });
    // Nothing changes yet (email-change.test.ts follows the confirmation links).
    expect(moved.body).toMatchObject({ id, email, new_email: fresh });
    expect((await signIn(auth, fresh, 'Passw0rd!')).status).toBe(400);
    expect((await signIn(auth, email, 'Passw0rd!')).status).toBe(200);
    expect(await call(auth, 'PUT', '/user', { token, body: { app_metadata: { admin: true } } })).toMatchObject({
      status: 403,
      body: { error_code: 'not_admin' },
    });
  });
});

describe('POST /signup', () => {
  it('422 signup_disabled when sign-ups are off', async () => {
    const { status, body } = await call(auth, 'POST', '/signup', {
      body: { email: uniqueEmail('closed'), password: 'Passw0rd!' },
    });
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, error_code: 'signup_disabled', msg: 'Signups not allowed for this instance' });
  });

  it('creates a confirmed user with a bcrypt hash and returns a session', async () => {
    const email = uniqueEmail('joiner');
    const { status, body } = await call(open, 'POST', '/signup', {
      body: { email, password: 'Passw0rd!', data: { name: 'Joiner' } },
    });
    expect(status).toBe(200);
    const session = asSession(body);
    expect(session.user).toMatchObject({ email, user_metadata: { name: 'Joiner', email_verified: true } });
    const stored = await db.sql.query('select encrypted_password from auth.users where id = $1', [session.user.id]);
    expect(stored.rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect((await call(open, 'GET', '/user', { token: session.access_token })).status).toBe(200);
  });

  it('lets exactly one of two simultaneous sign-ups for an address through', async () => {
    const email = uniqueEmail('race');
    const replies = await Promise.all(
      [1, 2].map(() => call(open, 'POST', '/signup', { body: { email, password: 'Passw0rd!' } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(replies.find((r) => r.status === 422)?.body).toMatchObject({ error_code: 'user_already_exists' });
  });

  it('refuses a taken address and weak or missing passwords', async () => {
    const email = uniqueEmail('twice');
    await call(open, 'POST', '/signup', { body: { email, password: 'Passw0rd!' } });
    expect(await call(open, 'POST', '/signup', { body: { email, password: 'Passw0rd!' } })).toMatchObject({
      status: 422,
      body: { error_code: 'user_already_exists', msg: 'User already registered' },
    });
    expect(
      await call(open, 'POST', '/signup', { body: { email: uniqueEmail('weak'), password: 'short' } }),
    ).toMatchObject({
      status: 422,
      body: { error_code: 'weak_password', weak_password: { reasons: ['length', 'characters'] } },
    });
    expect(await call(open, 'POST', '/signup', { body: { email: uniqueEmail('nopass') } })).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'Signup requires a valid password' },
    });
    expect(
      await call(open, 'POST', '/signup', { body: { email: 'not-an-email', password: 'Passw0rd!' } }),
    ).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'Unable to validate email address: invalid format' },
    });
  });
});
