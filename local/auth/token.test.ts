/** POST /token: password grant, refresh rotation with reuse detection, throttling, error formats. */
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthServer } from './index.ts';
import { createAuthServer } from './index.ts';
import {
  asSession,
  call,
  createUser,
  issuer,
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
const extraServers: AuthServer[] = [];

function server(overrides: Parameters<typeof testOptions>[1]): AuthServer {
  const created = createAuthServer(testOptions(db.authUrl, overrides));
  extraServers.push(created);
  return created;
}

beforeAll(async () => {
  db = await startTestDatabase();
  auth = createAuthServer(testOptions(db.authUrl));
});

afterAll(async () => {
  await Promise.all([auth, ...extraServers].map((s) => s.close()));
  await db?.stop();
});

const refresh = (server: AuthServer, token: string) =>
  call(server, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: token } });

describe('password grant', () => {
  it('returns a GoTrue session whose access token verifies and carries the claims', async () => {
    const email = uniqueEmail('claims');
    const id = await createUser(auth, email, 'Passw0rd!');
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await signIn(auth, email, 'Passw0rd!');
    expect(status).toBe(200);
    const session = asSession(body);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.user).toMatchObject({
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { email_verified: true },
      is_anonymous: false,
    });
    expect(session.user.last_sign_in_at).toEqual(expect.any(String));
    expect(session.user.identities).toEqual([
      expect.objectContaining({
        id,
        user_id: id,
        provider: 'email',
        email,
        identity_data: expect.objectContaining({ sub: id, email }),
      }),
    ]);

    const { payload, protectedHeader } = await jwtVerify(session.access_token, new TextEncoder().encode(jwtSecret));
    expect(protectedHeader).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      aud: 'authenticated',
      iss: issuer,
      sub: id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { email_verified: true },
      is_anonymous: false,
      exp: session.expires_at,
    });
    expect(payload.session_id).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(Number(payload.iat)).toBeGreaterThanOrEqual(before);
  });

  it('signs in by e-mail case-insensitively and by confirmed phone', async () => {
    const email = uniqueEmail('Case');
    await createUser(auth, email.toLowerCase(), 'Passw0rd!');
    expect((await signIn(auth, email.toUpperCase(), 'Passw0rd!')).status).toBe(200);

    const phone = `+4470${Math.floor(Math.random() * 1e8)
      .toString()
      .padStart(8, '0')}`;
    const created = await call(auth, 'POST', '/admin/users', {
      token: serviceRoleKey,
      body: { phone, password: 'Passw0rd!', phone_confirm: true },
    });
    expect(created.body).toMatchObject({ phone: phone.slice(1), app_metadata: { provider: 'phone' } });
    const viaPhone = await call(auth, 'POST', '/token?grant_type=password', { body: { phone, password: 'Passw0rd!' } });
    expect(viaPhone.status).toBe(200);
  });

  it('answers a wrong password or unknown account with 400 invalid_credentials', async () => {
    const email = uniqueEmail('wrong');
    await createUser(auth, email, 'Passw0rd!');
    for (const attempt of [signIn(auth, email, 'nope'), signIn(auth, uniqueEmail('nobody'), 'Passw0rd!')]) {
      const { status, body, headers } = await attempt;
      expect(status).toBe(400);
      expect(body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
      expect(headers.get('x-sb-error-code')).toBe('invalid_credentials');
    }
  });

  it('uses the 2024-01-01 error format when the client asks for it (as auth-js does)', async () => {
    const { status, body, headers } = await call(auth, 'POST', '/token?grant_type=password', {
      body: { email: uniqueEmail('v2024'), password: 'x' },
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('validates the request as GoTrue does', async () => {
    const missing = await call(auth, 'POST', '/token?grant_type=password', { body: { password: 'x' } });
    expect(missing).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: 'missing email or phone' },
    });
    const both = await call(auth, 'POST', '/token?grant_type=password', {
      body: { email: 'a@example.test', phone: '447000000000', password: 'x' },
    });
    expect(both.body).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Only an email address or phone number should be provided on login.',
    });
    const badJson = await auth.handle(
      new Request('http://auth.test/token?grant_type=password', { method: 'POST', body: '{not json' }),
    );
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error_code: 'bad_json' });
    const grant = await call(auth, 'POST', '/token?grant_type=magic', { body: {} });
    expect(grant).toMatchObject({
      status: 400,
      body: { error_code: 'invalid_credentials', msg: 'unsupported_grant_type' },
    });
  });

  it('refuses unconfirmed e-mail and banned users', async () => {
    const email = uniqueEmail('unconfirmed');
    await call(auth, 'POST', '/admin/users', { token: serviceRoleKey, body: { email, password: 'Passw0rd!' } });
    expect((await signIn(auth, email, 'Passw0rd!')).body).toMatchObject({
      code: 400,
      error_code: 'email_not_confirmed',
      msg: 'Email not confirmed',
    });
    const banned = uniqueEmail('banned');
    const id = await createUser(auth, banned, 'Passw0rd!');
    await call(auth, 'PUT', `/admin/users/${id}`, { token: serviceRoleKey, body: { ban_duration: '24h' } });
    expect((await signIn(auth, banned, 'Passw0rd!')).body).toMatchObject({
      error_code: 'user_banned',
      msg: 'User is banned',
    });
  });

  it('signs in with a password that no longer meets the rules, flagging it as weak', async () => {
    const email = uniqueEmail('legacy');
    await createUser(auth, email, 'short'); // admins may set any password, as in GoTrue
    const { status, body } = await signIn(auth, email, 'short');
    expect(status).toBe(200);
    expect(body.weak_password).toEqual({
      message: expect.stringContaining('Password should be at least 8 characters.'),
      reasons: ['length', 'characters'],
    });
  });
});

describe('refresh token grant', () => {
  it('rotates: each use revokes the token and issues a child in the same session', async () => {
    const email = uniqueEmail('rotate');
    await createUser(auth, email, 'Passw0rd!');
    const first = asSession((await signIn(auth, email, 'Passw0rd!')).body);
    const second = await refresh(auth, first.refresh_token);
    expect(second.status).toBe(200);
    const next = asSession(second.body);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(next.user.email).toBe(email);
    const claims = async (token: string) => (await jwtVerify(token, new TextEncoder().encode(jwtSecret))).payload;
    expect((await claims(next.access_token)).session_id).toBe((await claims(first.access_token)).session_id);

    const rows = await db.sql.query(
      'select token, revoked, parent from auth.refresh_tokens where token = any($1) order by id',
      [[first.refresh_token, next.refresh_token]],
    );
    expect(rows.rows).toEqual([
      { token: first.refresh_token, revoked: true, parent: null },
      { token: next.refresh_token, revoked: false, parent: first.refresh_token },
    ]);
  });

  it('answers unknown and missing tokens as GoTrue does', async () => {
    expect(await refresh(auth, 'unknowntoken')).toMatchObject({
      status: 400,
      body: { error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' },
    });
    const missing = await call(auth, 'POST', '/token?grant_type=refresh_token', { body: {} });
    expect(missing).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', error_description: 'refresh_token required' },
    });
  });

  it('within the reuse interval, a revoked token returns the current active token', async () => {
    const email = uniqueEmail('reuse');
    await createUser(auth, email, 'Passw0rd!');
    const t0 = asSession((await signIn(auth, email, 'Passw0rd!')).body).refresh_token;
    const t1 = asSession((await refresh(auth, t0)).body).refresh_token;
    const t2 = asSession((await refresh(auth, t1)).body).refresh_token;
    const again = await refresh(auth, t0);
    expect(again.status).toBe(200);
    expect(asSession(again.body).refresh_token).toBe(t2);
    expect(asSession((await refresh(auth, t1)).body).refresh_token).toBe(t2);
  });

  it('after the reuse interval, reuse revokes the whole session: 400 refresh_token_already_used', async () => {
    const email = uniqueEmail('theft');
    await createUser(auth, email, 'Passw0rd!');
    const t0 = asSession((await signIn(auth, email, 'Passw0rd!')).body).refresh_token;
    const t1 = asSession((await refresh(auth, t0)).body).refresh_token;
    // Age the revocation past the 10 s interval.
    await db.sql.query(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [
      t0,
    ]);
    const stolen = await refresh(auth, t0);
    expect(stolen).toMatchObject({
      status: 400,
      body: { code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' },
    });
    // The legitimate holder's token is dead too.
    expect((await refresh(auth, t1)).body).toMatchObject({ error_code: 'refresh_token_already_used' });
  });

  it('with a zero interval, any reuse is theft', async () => {
    const strict = server({ refreshTokenReuseInterval: 0 });
    const email = uniqueEmail('strict');
    await createUser(strict, email, 'Passw0rd!');
    const t0 = asSession((await signIn(strict, email, 'Passw0rd!')).body).refresh_token;
    await refresh(strict, t0);
    expect((await refresh(strict, t0)).body).toMatchObject({ error_code: 'refresh_token_already_used' });
  });

  it('two concurrent refreshes with one token get the same child, not two branches', async () => {
    const email = uniqueEmail('race');
    await createUser(auth, email, 'Passw0rd!');
    const t0 = asSession((await signIn(auth, email, 'Passw0rd!')).body).refresh_token;
    const replies = await Promise.all([refresh(auth, t0), refresh(auth, t0), refresh(auth, t0)]);
    const tokens = replies.map((r) => asSession(r.body).refresh_token);
    expect(new Set(tokens).size).toBe(1);
    const children = await db.sql.query('select count(*)::int as n from auth.refresh_tokens where parent = $1', [t0]);
    expect(children.rows[0].n).toBe(1);
  });
});

describe('failed sign-in back-off (no lock-out)', () => {
  /**
   * A server whose back-off reads a clock the test moves on. The back-off lives in the database
   * the tests share, so each clock starts a week after the last: one test's misses are old news
   * to the next.
   */
  let clocks = 0;
  const newClock = () => ({ now: 1_800_000_000_000 + clocks++ * 7 * 24 * 3600 * 1000 });
  function clocked(overrides: Parameters<typeof testOptions>[1] = {}) {
    const clock = newClock();
    const created = server({ ...overrides, now: () => clock.now });
    return { server: created, clock };
  }
  const attacker = '198.51.100.66';
  const staffAddress = '203.0.113.20';

  it("an attacker's wrong passwords slow the attacker, and the staff member still signs in from another address", async () => {
    const { server: limited } = clocked();
    const email = uniqueEmail('staff');
    await createUser(limited, email, 'Passw0rd!');
    for (let i = 0; i < 5; i++) expect((await signIn(limited, email, `guess-${i}`, attacker)).status).toBe(400);
    // The attacker now waits, even with the right password (nothing is learnt while waiting) ...
    const slowed = await signIn(limited, email, 'Passw0rd!', attacker);
    expect(slowed).toMatchObject({
      status: 429,
      body: { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' },
    });
    expect(slowed.headers.get('retry-after')).toBe('30');
    // ... while the account's owner, from another address, signs in at once.
    const owner = await signIn(limited, email, 'Passw0rd!', staffAddress);
    expect(owner.status).toBe(200);
    expect(asSession(owner.body).user.email).toBe(email);
  });

  it('doubles the attacker’s wait with each further miss, and the wait runs out by itself', async () => {
    const { server: limited, clock } = clocked();
    const email = uniqueEmail('slowed');
    await createUser(limited, email, 'Passw0rd!');
    for (let i = 0; i < 5; i++) await signIn(limited, email, `guess-${i}`, attacker);
    const waits: string[] = [];
    for (let round = 0; round < 4; round++) {
      const refused = await signIn(limited, email, 'another-guess', attacker);
      expect(refused.status).toBe(429);
      const wait = refused.headers.get('retry-after') ?? '';
      waits.push(wait);
      clock.now += Number(wait) * 1000;
      // Once the wait is over, one more guess is heard (and is wrong).
      expect((await signIn(limited, email, `late-guess-${round}`, attacker)).status).toBe(400);
    }
    expect(waits).toEqual(['30', '60', '120', '240']);
    // Six guesses in 7.5 minutes instead of thousands; after the window the owner's own address is fine too.
    clock.now += 900_000;
    expect((await signIn(limited, email, 'Passw0rd!', attacker)).status).toBe(200);
  });

  it('a success forgives that address its misses on the account', async () => {
    const { server: limited } = clocked({ failedSigninLimitPerAccount: 3 });
    const email = uniqueEmail('forgiven');
    await createUser(limited, email, 'Passw0rd!');
    await signIn(limited, email, 'wrong', staffAddress);
    await signIn(limited, email, 'wrong', staffAddress);
    expect((await signIn(limited, email, 'Passw0rd!', staffAddress)).status).toBe(200);
    await signIn(limited, email, 'wrong', staffAddress);
    await signIn(limited, email, 'wrong', staffAddress);
    expect((await signIn(limited, email, 'Passw0rd!', staffAddress)).status).toBe(200);
  });

  it('25 misses over 5 addresses do not keep the owner out: the right password from a new address signs in at once', async () => {
    const { server: limited } = clocked();
    const email = uniqueEmail('spread');
    await createUser(limited, email, 'Passw0rd!');
    const statuses: number[] = [];
    for (let address = 0; address < 5; address++) {
      for (let i = 0; i < 5; i++)
        statuses.push((await signIn(limited, email, `guess-${i}`, `192.0.2.${100 + address}`)).status);
    }
    // 20 misses are heard; then the account is under attack and the fifth address is slowed.
    expect(statuses.slice(0, 21)).toEqual(Array(21).fill(400));
    expect(statuses.slice(21)).toEqual([429, 429, 429, 429]);
    const owner = await signIn(limited, email, 'Passw0rd!', '203.0.113.77');
    expect(owner.status).toBe(200);
    expect(asSession(owner.body).user.email).toBe(email);
  });

  it('an account under attack gives each new address one free miss, then the back-off; known addresses keep theirs', async () => {
    const { server: limited, clock } = clocked({ failedSigninLimitPerAccount: 2 });
    const email = uniqueEmail('attacked');
    await createUser(limited, email, 'Passw0rd!');
    expect((await signIn(limited, email, 'Passw0rd!', staffAddress)).status).toBe(200);
    // 4 x 2 misses over the account, each pair of them from a fresh address: an attack.
    for (let i = 0; i < 8; i++)
      expect((await signIn(limited, email, 'x', `192.0.2.${100 + (i >> 1)}`)).status).toBe(400);
    // A new address: its first try is heard at once; after one miss it waits 30 s, doubling.
    expect((await signIn(limited, email, 'y', '192.0.2.200')).status).toBe(400);
    const slowed = await signIn(limited, email, 'Passw0rd!', '192.0.2.200');
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('30');
    clock.now += 30_000;
    expect((await signIn(limited, email, 'z', '192.0.2.200')).status).toBe(400);
    expect((await signIn(limited, email, 'z', '192.0.2.200')).headers.get('retry-after')).toBe('60');
    // The staff member's usual address keeps its two free misses, and gets in.
    expect((await signIn(limited, email, 'typo', staffAddress)).status).toBe(400);
    expect((await signIn(limited, email, 'Passw0rd!', staffAddress)).status).toBe(200);
  });

  it('keeps the back-off and the known addresses across a restart (they live in the auth schema)', async () => {
    const clock = newClock();
    // Its own server, closed here rather than after all tests.
    const first = createAuthServer(testOptions(db.authUrl, { failedSigninLimitPerAccount: 2, now: () => clock.now }));
    const email = uniqueEmail('restart');
    await createUser(first, email, 'Passw0rd!');
    expect((await signIn(first, email, 'Passw0rd!', staffAddress)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(first, email, 'x', attacker)).status).toBe(400);
    for (let i = 0; i < 6; i++) expect((await signIn(first, email, 'x', `192.0.2.${150 + i}`)).status).toBe(400);
    await first.close();
    const restarted = server({ failedSigninLimitPerAccount: 2, now: () => clock.now });
    expect((await signIn(restarted, email, 'Passw0rd!', attacker)).status).toBe(429);
    // Still under attack: a new address gets one free miss only ...
    expect((await signIn(restarted, email, 'x', '192.0.2.201')).status).toBe(400);
    expect((await signIn(restarted, email, 'x', '192.0.2.201')).status).toBe(429);
    // ... and the staff member's address is still known: two free misses, then in.
    expect((await signIn(restarted, email, 'typo', staffAddress)).status).toBe(400);
    expect((await signIn(restarted, email, 'Passw0rd!', staffAddress)).status).toBe(200);
  });

  it('slows one address guessing across accounts; a success from it does not lift that', async () => {
    const { server: limited } = clocked({ failedSigninLimitPerIp: 3 });
    const ip = '192.0.2.7';
    const good = uniqueEmail('ipgood');
    await createUser(limited, good, 'Passw0rd!');
    expect((await signIn(limited, uniqueEmail('a'), 'x', ip)).status).toBe(400);
    expect((await signIn(limited, uniqueEmail('b'), 'x', ip)).status).toBe(400);
    expect((await signIn(limited, good, 'Passw0rd!', ip)).status).toBe(200);
    expect((await signIn(limited, uniqueEmail('c'), 'x', ip)).status).toBe(400);
    expect((await signIn(limited, good, 'Passw0rd!', ip)).status).toBe(429);
    // Another address still gets through.
    expect((await signIn(limited, good, 'Passw0rd!', '192.0.2.8')).status).toBe(200);
  });

  it('keys on the address the gateway appended, so forged X-Forwarded-For entries do not help', async () => {
    const { server: limited } = clocked({ failedSigninLimitPerIp: 2 });
    for (const forged of ['10.0.0.1', '10.0.0.2']) {
      expect((await signIn(limited, uniqueEmail('f'), 'x', `${forged}, 192.0.2.50`)).status).toBe(400);
    }
    expect((await signIn(limited, uniqueEmail('f'), 'x', '10.0.0.3, 192.0.2.50')).status).toBe(429);
  });
});
