/**
 * E-mail OTP sign-in through unmodified supabase-js (`auth.signInWithOtp`, `auth.verifyOtp`)
 * against this server over HTTP: the account made on first use, the mailed code, and hosted
 * GoTrue's refusals (otp_disabled, signup_disabled, over_email_send_rate_limit, otp_expired).
 */
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthServer, type AuthServer } from './index.ts';
import type { Mail } from './mailer.ts';
import { codeMaxMisses } from './one-time-codes.ts';
import {
  anonKey,
  call,
  serviceRoleKey,
  serveAuth,
  startTestDatabase,
  testOptions,
  uniqueEmail,
  type TestDatabase,
} from './test-support.ts';

let db: TestDatabase;
const outbox: Mail[] = [];
const servers: { auth: AuthServer; served: { url: string; close(): Promise<void> } }[] = [];

async function startServer(enableSignup: boolean, mailerAutoconfirm = true) {
  const auth = createAuthServer(
    testOptions(db.authUrl, { enableSignup, mailerAutoconfirm, sendMail: async (mail) => void outbox.push(mail) }),
  );
  const served = await serveAuth(auth);
  servers.push({ auth, served });
  return served.url;
}

let open: string;
let closed: string;
let confirming: string;

beforeAll(async () => {
  db = await startTestDatabase();
  open = await startServer(true);
  closed = await startServer(false);
  confirming = await startServer(true, false);
});

afterAll(async () => {
  for (const { auth, served } of servers) {
    await served.close();
    await auth.close();
  }
  await db?.stop();
});

const client = (url: string) =>
  createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

const mailsTo = (email: string) => outbox.filter((mail) => mail.to === email);

/** The code in the last mail to `email`. */
function mailedCode(email: string): string {
  const mail = mailsTo(email).at(-1);
  const code = /enter the code: (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no mail with a code to ${email}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function userRow(email: string) {
  const { rows } = await db.sql.query<{ id: string; email_confirmed_at: Date | null }>(
    'select id, email_confirmed_at from auth.users where email = $1',
    [email],
  );
  return rows[0];
}

describe('e-mail OTP sign-in through supabase-js', () => {
  it('creates the account on first use, mails a code, and the code signs in once with amr otp', async () => {
    const email = uniqueEmail('otp-new');
    const supabase = client(open);
    const sent = await supabase.auth.signInWithOtp({
      email: email.toUpperCase(),
      options: { data: { name: 'Wanjiru' } },
    });
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ user: null, session: null });
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual(['Confirm Your Email']);
    expect((await userRow(email))?.email_confirmed_at).toBeNull();

    const code = mailedCode(email);
    const verified = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, user_metadata: { name: 'Wanjiru' } });
    expect((await userRow(email))?.email_confirmed_at).not.toBeNull();
    const claims = decodeJwt(verified.data.session!.access_token);
    expect(claims).toMatchObject({ email, role: 'authenticated', aal: 'aal1' });
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['otp']);

    const again = await client(open).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });

  it('mails a magic link code to an existing account, whose amr then names no password', async () => {
    const email = uniqueEmail('otp-existing');
    await call(servers[0]!.auth, 'POST', '/admin/users', {
      token: serviceRoleKey,
      body: { email, password: 'Passw0rd!', email_confirm: true },
    });
    const supabase = client(open);
    expect((await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual(['Your Magic Link']);
    const { data, error } = await supabase.auth.verifyOtp({ email, token: mailedCode(email), type: 'email' });
    expect(error).toBeNull();
    const amr = decodeJwt(data.session!.access_token).amr as { method: string }[];
    expect(amr.map((entry) => entry.method)).toEqual(['otp']);
  });

  it('refuses an unknown address with shouldCreateUser false (422 otp_disabled), creating nothing', async () => {
    const email = uniqueEmail('otp-nocreate');
    const { error } = await client(open).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    expect(await userRow(email)).toBeUndefined();
    expect(mailsTo(email)).toEqual([]);
  });

  it('refuses a new address while sign-ups are closed (422 signup_disabled)', async () => {
    const email = uniqueEmail('otp-closed');
    const { error } = await client(closed).auth.signInWithOtp({ email });
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
    expect(await userRow(email)).toBeUndefined();
  });

  it('sends one code per address per 60 s: the next is 429 over_email_send_rate_limit until the minute is over', async () => {
    const email = uniqueEmail('otp-rate');
    const supabase = client(open);
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    const first = mailedCode(email);
    const { error } = await supabase.auth.signInWithOtp({ email });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(mailsTo(email)).toHaveLength(1);

    // The minute passes (moved in the database, whose clock the limit reads).
    await db.sql.query(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`, [
      email,
    ]);
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    expect(mailsTo(email)).toHaveLength(2);
    // The new code replaces the old one: one code is pending for the address, and it is the new one.
    const { rows } = await db.sql.query('select token from auth.one_time_codes where address = $1', [email]);
    expect(rows).toHaveLength(1);
    expect(first).toMatch(/^\d{6}$/);
    expect((await supabase.auth.verifyOtp({ email, token: mailedCode(email), type: 'email' })).error).toBeNull();
  });

  it('refuses a code past otp_expiry (403 otp_expired)', async () => {
    const email = uniqueEmail('otp-expired');
    const supabase = client(open);
    await supabase.auth.signInWithOtp({ email });
    await db.sql.query(
      `update auth.users set confirmation_sent_at = now() - interval '3601 seconds' where email = $1`,
      [email],
    );
    const { error } = await supabase.auth.verifyOtp({ email, token: mailedCode(email), type: 'email' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect((await userRow(email))?.email_confirmed_at).toBeNull();
  });

  it(`voids the code after ${codeMaxMisses} wrong guesses: the right one then fails too`, async () => {
    const email = uniqueEmail('otp-guess');
    const supabase = client(open);
    await supabase.auth.signInWithOtp({ email });
    const code = mailedCode(email);
    for (let miss = 0; miss < codeMaxMisses; miss++) {
      const { error } = await supabase.auth.verifyOtp({ email, token: wrong(code), type: 'email' });
      expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
    }
    const { error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('replaces a password set on an address nobody confirmed, so only the owner of the mailbox gets in', async () => {
    const email = uniqueEmail('otp-squat');
    await call(servers[0]!.auth, 'POST', '/admin/users', {
      token: serviceRoleKey,
      body: { email, password: 'Squatter1!', email_confirm: false },
    });
    const supabase = client(open);
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    expect((await supabase.auth.verifyOtp({ email, token: mailedCode(email), type: 'email' })).error).toBeNull();
    const { error } = await client(open).auth.signInWithPassword({ email, password: 'Squatter1!' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });
});

describe('password sign-up with confirmations on ([auth.email] enable_confirmations)', () => {
  it('creates the user unconfirmed with no session; only the mailed code signs them in', async () => {
    const email = uniqueEmail('signup-confirm');
    const supabase = client(confirming);
    const { data, error } = await supabase.auth.signUp({ email, password: 'Passw0rd!' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual(['Confirm Your Email']);
    const early = await client(confirming).auth.signInWithPassword({ email, password: 'Passw0rd!' });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    expect((await supabase.auth.verifyOtp({ email, token: mailedCode(email), type: 'email' })).error).toBeNull();
    expect((await client(confirming).auth.signInWithPassword({ email, password: 'Passw0rd!' })).error).toBeNull();
  });

  it("answers a confirmed address's sign-up like a new one: a stand-in user, no mail, no password change", async () => {
    const email = uniqueEmail('signup-taken');
    const supabase = client(confirming);
    await supabase.auth.signUp({ email, password: 'Passw0rd!' });
    await supabase.auth.verifyOtp({ email, token: mailedCode(email), type: 'email' });
    const owner = await userRow(email);

    const { data, error } = await client(confirming).auth.signUp({ email, password: 'Squatter1!' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(owner?.id);
    expect(mailsTo(email)).toHaveLength(1);
    expect((await client(confirming).auth.signInWithPassword({ email, password: 'Squatter1!' })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });
});
