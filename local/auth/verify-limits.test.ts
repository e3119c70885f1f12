/**
 * Recovery codes cannot be brute-forced into a staff session (issue 23, finding 2): the link's
 * token is not computable from the address and a code, /verify is limited per client address
 * (hosted GoTrue's token bucket) and per account, and a code dies after a few misses.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthServer, type AuthServer } from './index.ts';
import type { Mail } from './mailer.ts';
import { call, createUser, startTestDatabase, testOptions, uniqueEmail, type TestDatabase } from './test-support.ts';

let db: TestDatabase;
const servers: AuthServer[] = [];
const outbox: Mail[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await db?.stop();
});

/** A server whose limits read a clock the test moves on; recovery mails may be re-sent at once. */
function clocked() {
  const clock = { now: 1_800_000_000_000 };
  const server = createAuthServer(
    testOptions(db.authUrl, {
      now: () => clock.now,
      emailMaxFrequencySeconds: 1,
      sendMail: async (mail) => void outbox.push(mail),
    }),
  );
  servers.push(server);
  return { server, clock };
}

/** Asks for a recovery mail and returns the code and the link's token from it. */
async function requestRecovery(server: AuthServer, email: string, db: TestDatabase) {
  await db.sql.query(`update auth.users set recovery_sent_at = now() - interval '1 hour' where email = $1`, [email]);
  const before = outbox.length;
  const { status } = await call(server, 'POST', '/recover', { body: { email } });
  expect(status).toBe(200);
  const mail = outbox.slice(before).find((m) => m.to === email);
  const code = /code: (\d{6})/.exec(mail?.text ?? '')?.[1];
  const token = /[?&]token=([0-9a-f]+)/.exec(mail?.text ?? '')?.[1];
  if (!code || !token) throw new Error(`no recovery mail with a code and a link for ${email}`);
  return { code, token };
}

const wrongCode = (right: string, n: number) => String((Number(right) + 1 + n) % 1_000_000).padStart(6, '0');

const verifyCode = (server: AuthServer, email: string, token: string, ip: string) =>
  call(server, 'POST', '/verify', { body: { type: 'recovery', email, token }, headers: { 'x-forwarded-for': ip } });

const verifyHash = (server: AuthServer, tokenHash: string, ip: string) =>
  call(server, 'POST', '/verify', {
    body: { type: 'recovery', token_hash: tokenHash },
    headers: { 'x-forwarded-for': ip },
  });

describe('recovery verification limits', () => {
  it('the link token is not sha256(email + code), so it cannot be computed for every code', async () => {
    const { server } = clocked();
    const email = uniqueEmail('derive');
    await createUser(server, email, 'Passw0rd!');
    const { code, token } = await requestRecovery(server, email, db);
    const computed = createHash('sha256')
      .update(email + code)
      .digest('hex');
    expect(token).not.toBe(computed);
    expect((await verifyHash(server, computed, '198.51.100.1')).status).toBe(403);
    // The mailed link still works.
    expect((await verifyHash(server, token, '198.51.100.1')).status).toBe(200);
  });

  it('an attacker guessing the code from one address is stopped before a lucky 41st guess', async () => {
    const { server } = clocked();
    const email = uniqueEmail('brute');
    await createUser(server, email, 'Passw0rd!');
    const { code } = await requestRecovery(server, email, db);
    const attacker = '198.51.100.66';
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++) statuses.push((await verifyCode(server, email, wrongCode(code, n), attacker)).status);
    expect(statuses.slice(0, 3)).toEqual([403, 403, 403]);
    expect(statuses).toContain(429);
    // The right code now opens nothing: the code died after its misses (and the address is limited).
    const lucky = await verifyCode(server, email, code, attacker);
    expect(lucky.status).not.toBe(200);
    expect(lucky.body).not.toHaveProperty('access_token');
  });

  it('a code dies after 3 misses, its link with it; the owner asks for a new one', async () => {
    const { server } = clocked();
    const email = uniqueEmail('dies');
    await createUser(server, email, 'Passw0rd!');
    const { code, token } = await requestRecovery(server, email, db);
    for (let n = 0; n < 3; n++) {
      expect((await verifyCode(server, email, wrongCode(code, n), `192.0.2.${10 + n}`)).body).toMatchObject({
        error_code: 'otp_expired',
      });
    }
    expect((await verifyCode(server, email, code, '203.0.113.5')).status).toBe(403);
    expect((await verifyHash(server, token, '203.0.113.5')).status).toBe(403);
    const fresh = await requestRecovery(server, email, db);
    expect((await verifyCode(server, email, fresh.code, '203.0.113.5')).status).toBe(200);
  });

  it('code misses on one account are capped at 10 a day over fresh codes and addresses; the link still works', async () => {
    const { server, clock } = clocked();
    const email = uniqueEmail('spread');
    await createUser(server, email, 'Passw0rd!');
    let address = 0;
    const nextAddress = () => `192.0.2.${100 + address++}`;
    for (let round = 0; round < 3; round++) {
      const { code } = await requestRecovery(server, email, db);
      for (let n = 0; n < 3; n++)
        expect((await verifyCode(server, email, wrongCode(code, n), nextAddress())).status).toBe(403);
    }
    const last = await requestRecovery(server, email, db);
    expect((await verifyCode(server, email, wrongCode(last.code, 0), nextAddress())).status).toBe(403);
    // Ten misses: the account's code path now waits, even for the right code, from any address ...
    const refused = await verifyCode(server, email, last.code, nextAddress());
    expect(refused).toMatchObject({ status: 429, body: { error_code: 'over_request_rate_limit' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // ... while the mailed link (an unguessable token) still signs the owner in.
    expect((await verifyHash(server, last.token, nextAddress())).status).toBe(200);
    // A day later the code path is open again.
    clock.now += 24 * 3600 * 1000;
    const next = await requestRecovery(server, email, db);
    expect((await verifyCode(server, email, next.code, nextAddress())).status).toBe(200);
  });

  it('limits /verify per client address as hosted GoTrue does: a burst of 30, then one per 10 s', async () => {
    const { server, clock } = clocked();
    const ip = '198.51.100.77';
    const random = () => createHash('sha256').update(crypto.randomUUID()).digest('hex');
    for (let n = 0; n < 30; n++) expect((await verifyHash(server, random(), ip)).status).toBe(403);
    const limited = await verifyHash(server, random(), ip);
    expect(limited).toMatchObject({ status: 429, body: { error_code: 'over_request_rate_limit' } });
    expect(limited.headers.get('retry-after')).toBe('10');
    // The e-mailed link (GET) counts too.
    const link = await server.handle(
      new Request(`http://auth.test/verify?type=recovery&token=${random()}`, { headers: { 'x-forwarded-for': ip } }),
    );
    expect(link.status).toBe(429);
    // Another address is not affected; the bucket refills at 30 per 5 minutes.
    expect((await verifyHash(server, random(), '198.51.100.78')).status).toBe(403);
    clock.now += 10_000;
    expect((await verifyHash(server, random(), ip)).status).toBe(403);
    expect((await verifyHash(server, random(), ip)).status).toBe(429);
  });
});
