/**
 * TOTP second factors through unmodified supabase-js (`auth.mfa.*`) against this server over
 * HTTP: the routes, shapes, claims, limits and error codes of hosted GoTrue (internal/api/mfa.go).
 * The authenticator app is played by computing the code from the secret enrolment shows.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import type { Database } from '../../supabase/database.types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaLimits } from './factors-route.ts';
import { createAuthServer, type AuthServer } from './index.ts';
import {
  anonKey,
  createUser,
  serveAuth,
  startTestDatabase,
  testOptions,
  uniqueEmail,
  type TestDatabase,
} from './test-support.ts';
import { totpCode } from './totp.ts';

let db: TestDatabase;
let auth: AuthServer;
let served: { url: string; close(): Promise<void> };
// The server's clock: tests move it on (never back: the limiter counts on it) to expire
// challenges and refill the limiter; the authenticator app reads the same clock.
let offsetMs = 0;
const serverNow = () => Date.now() + offsetMs;
const code = (secret: string) => totpCode(secret, serverNow());
const password = 'Passw0rd!';

beforeAll(async () => {
  db = await startTestDatabase();
  auth = createAuthServer(testOptions(db.authUrl, { now: serverNow }));
  served = await serveAuth(auth);
});

afterAll(async () => {
  await served?.close();
  await auth?.close();
  await db?.stop();
});

async function signedIn(label: string): Promise<SupabaseClient<Database>> {
  const email = uniqueEmail(label);
  await createUser(auth, email, password);
  const client = createClient<Database>(served.url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

async function accessClaims(client: SupabaseClient<Database>) {
  const { data } = await client.auth.getSession();
  return decodeJwt(data.session!.access_token);
}

async function enrolTotp(client: SupabaseClient<Database>, friendlyName?: string) {
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    ...(friendlyName ? { friendlyName } : {}),
  });
  if (error) throw error;
  return data;
}

describe('TOTP factors through supabase-js', () => {
  it('enrols, shows the QR code and secret, verifies to aal2 with totp in amr, and lists the factor', async () => {
    const client = await signedIn('mfa-enrol');
    expect(await client.auth.mfa.getAuthenticatorAssuranceLevel()).toMatchObject({
      data: { currentLevel: 'aal1', nextLevel: 'aal1' },
      error: null,
    });

    const enrolled = await enrolTotp(client, 'Phone');
    expect(enrolled).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(enrolled.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>\s*$/);
    expect(enrolled.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.totp.uri).toMatch(/^otpauth:\/\/totp\/127\.0\.0\.1%3A3000:mfa-enrol-[^?]+\?/);
    expect(enrolled.totp.uri).toContain(`secret=${enrolled.totp.secret}`);

    // Unverified: listed among all, not among the usable TOTP factors.
    const before = await client.auth.mfa.listFactors();
    expect(before.data?.all).toEqual([expect.objectContaining({ id: enrolled.id, status: 'unverified' })]);
    expect(before.data?.totp).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'totp', id: expect.any(String) });
    const expiresIn = challenge.data!.expires_at - Math.floor(serverNow() / 1000);
    expect(expiresIn).toBeGreaterThan(mfaLimits.challengeExpirySeconds - 30);
    expect(expiresIn).toBeLessThanOrEqual(mfaLimits.challengeExpirySeconds);

    const verified = await client.auth.mfa.verify({
      factorId: enrolled.id,
      challengeId: challenge.data!.id,
      code: code(enrolled.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = await accessClaims(client);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect(await client.auth.mfa.getAuthenticatorAssuranceLevel()).toMatchObject({
      data: { currentLevel: 'aal2', nextLevel: 'aal2' },
    });
    const after = await client.auth.mfa.listFactors();
    expect(after.data?.totp).toEqual([
      expect.objectContaining({ id: enrolled.id, status: 'verified', factor_type: 'totp' }),
    ]);

    // A refresh keeps the level; a new sign-in starts at aal1 with aal2 next.
    expect((await client.auth.refreshSession()).error).toBeNull();
    expect((await accessClaims(client)).aal).toBe('aal2');
    const user = (await client.auth.getUser()).data.user!;
    const again = createClient<Database>(served.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await again.auth.signInWithPassword({ email: user.email!, password })).error).toBeNull();
    expect(await again.auth.mfa.getAuthenticatorAssuranceLevel()).toMatchObject({
      data: { currentLevel: 'aal1', nextLevel: 'aal2' },
    });
    expect(
      (await again.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: code(enrolled.totp.secret) })).error,
    ).toBeNull();
    expect((await accessClaims(again)).aal).toBe('aal2');
  });

  it('refuses a wrong code with mfa_verification_failed and a spent challenge after success', async () => {
    const client = await signedIn('mfa-wrong');
    const enrolled = await enrolTotp(client);
    const right = code(enrolled.totp.secret);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled.id });
    const failed = await client.auth.mfa.verify({ factorId: enrolled.id, challengeId: challenge!.id, code: wrong });
    expect(failed.error).toMatchObject({
      name: 'AuthApiError',
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    expect((await accessClaims(client)).aal).toBe('aal1');

    // The same challenge still takes the right code, once.
    expect(
      (await client.auth.mfa.verify({ factorId: enrolled.id, challengeId: challenge!.id, code: right })).error,
    ).toBeNull();
    const reused = await client.auth.mfa.verify({ factorId: enrolled.id, challengeId: challenge!.id, code: right });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it('expires a challenge after five minutes', async () => {
    const client = await signedIn('mfa-expiry');
    const enrolled = await enrolTotp(client);
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled.id });
    offsetMs += (mfaLimits.challengeExpirySeconds + 1) * 1000;
    {
      const expired = await client.auth.mfa.verify({
        factorId: enrolled.id,
        challengeId: challenge!.id,
        code: code(enrolled.totp.secret),
      });
      expect(expired.error).toMatchObject({
        status: 422,
        code: 'mfa_challenge_expired',
        message: `MFA challenge ${challenge!.id} has expired, verify against another challenge or create a new challenge.`,
      });
    }
  });

  it("answers mfa_factor_not_found for another user's factor or a made-up one", async () => {
    const owner = await signedIn('mfa-owner');
    const intruder = await signedIn('mfa-intruder');
    const enrolled = await enrolTotp(owner);
    for (const factorId of [enrolled.id, '00000000-0000-4000-8000-000000000000']) {
      const { error } = await intruder.auth.mfa.challenge({ factorId });
      expect(error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' });
    }
    const unknownChallenge = await owner.auth.mfa.verify({
      factorId: enrolled.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: '123456',
    });
    expect(unknownChallenge.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
  });

  it('limits enrolment: a repeated name, ten factors, a second factor without aal2', async () => {
    const client = await signedIn('mfa-limits');
    await enrolTotp(client, 'Phone');
    const conflict = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(conflict.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    for (let i = 1; i < mfaLimits.maxEnrolledFactors; i++) await enrolTotp(client, `Phone ${i}`);
    const tooMany = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'One more' });
    expect(tooMany.error).toMatchObject({
      status: 422,
      code: 'too_many_enrolled_mfa_factors',
      message: 'Maximum number of verified factors reached, unenroll to continue',
    });
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+254711000222' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });

    const verifiedUser = await signedIn('mfa-second');
    const first = await enrolTotp(verifiedUser);
    await verifiedUser.auth.mfa.challengeAndVerify({ factorId: first.id, code: code(first.totp.secret) });
    const { data: session } = await verifiedUser.auth.getSession();
    const aal1 = createClient<Database>(served.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    await aal1.auth.signInWithPassword({ email: session.session!.user.email!, password });
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(second.error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    });
  });

  it('unenrols: a verified factor only from aal2, and the session falls back to aal1', async () => {
    const client = await signedIn('mfa-unenrol');
    const enrolled = await enrolTotp(client);
    await client.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: code(enrolled.totp.secret) });
    const email = (await client.auth.getSession()).data.session!.user.email!;
    const aal1 = createClient<Database>(served.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    await aal1.auth.signInWithPassword({ email, password });
    const refused = await aal1.auth.mfa.unenroll({ factorId: enrolled.id });
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });

    const removed = await client.auth.mfa.unenroll({ factorId: enrolled.id });
    expect(removed).toMatchObject({ data: { id: enrolled.id }, error: null });
    expect((await client.auth.refreshSession()).error).toBeNull();
    expect((await accessClaims(client)).aal).toBe('aal1');
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it("a verification ends the user's other aal1 sessions, as GoTrue's does", async () => {
    const laptop = await signedIn('mfa-others');
    const email = (await laptop.auth.getSession()).data.session!.user.email!;
    const phone = createClient<Database>(served.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await phone.auth.signInWithPassword({ email, password })).error).toBeNull();
    const enrolled = await enrolTotp(laptop);
    expect(
      (await laptop.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: code(enrolled.totp.secret) })).error,
    ).toBeNull();
    // The phone's session is gone: its challenge is refused, its refresh token with it.
    expect((await phone.auth.mfa.challenge({ factorId: enrolled.id })).error).not.toBeNull();
    expect((await phone.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('limits challenges and verifications per address: a burst of 30, then 429', async () => {
    const client = await signedIn('mfa-rate');
    const enrolled = await enrolTotp(client);
    // Two minutes on: the other tests' requests are forgotten, the bucket is full.
    offsetMs += 120_000;
    const answers: (number | undefined)[] = [];
    for (let i = 0; i <= mfaLimits.challengeAndVerifyBurst; i++) {
      answers.push((await client.auth.mfa.challenge({ factorId: enrolled.id })).error?.status);
    }
    expect(answers.slice(0, -1).every((status) => status === undefined)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Four seconds refill one request (15 a minute).
    offsetMs += 4_000;
    expect((await client.auth.mfa.challenge({ factorId: enrolled.id })).error).toBeNull();
  });
});
