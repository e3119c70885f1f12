/**
 * Password recovery as GoTrue does it, driven by unmodified supabase-js: /recover mails a link
 * and a code (never telling whether the address has an account), the link's GET /verify signs the
 * user in through a redirect with the session in the fragment, POST /verify answers the session
 * and supabase-js emits PASSWORD_RECOVERY; a link works once and for otp_expiry seconds only.
 */
import { createClient, type AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { createAuthServer, type AuthServer } from './index.ts';
import type { Mail } from './mailer.ts';
import {
  anonKey,
  createUser,
  serveAuth,
  startTestDatabase,
  testOptions,
  uniqueEmail,
  type TestDatabase,
} from './test-support.ts';

const siteUrl = 'http://127.0.0.1:3000';
let db: TestDatabase;
let auth: AuthServer;
let served: { url: string; close(): Promise<void> };
const outbox: Mail[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  auth = createAuthServer(
    testOptions(db.authUrl, {
      siteUrl,
      additionalRedirectUrls: ['https://admin.ascent.example/**'],
      sendMail: async (mail) => void outbox.push(mail),
    }),
  );
  served = await serveAuth(auth);
});

afterAll(async () => {
  await served?.close();
  await auth?.close();
  await db?.stop();
});

function client() {
  return createClient<Database>(served.url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

function mailTo(email: string): Mail {
  const mails = outbox.filter((mail) => mail.to === email);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** The link and the code in a recovery mail. */
function linkAndCode(mail: Mail): { link: URL; code: string } {
  const link = /(http\S+\/verify\?\S+)/.exec(mail.text ?? '')?.[1];
  const code = /code: (\d{6})/.exec(mail.text ?? '')?.[1];
  expect(link).toBeDefined();
  expect(code).toBeDefined();
  return { link: new URL(link!), code: code! };
}

async function follow(link: URL): Promise<URL> {
  const response = await fetch(link.toString().replace(/^.*\/verify/, `${served.url}/verify`), { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

describe('password recovery', () => {
  it('mails a /verify link whose GET signs the user in, redirecting with the session in the fragment', async () => {
    const email = uniqueEmail('recover');
    const userId = await createUser(auth, email, 'Passw0rd!');
    const { data, error } = await client().auth.resetPasswordForEmail(email, { redirectTo: `${siteUrl}/login/reset` });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = mailTo(email);
    expect(mail.subject).toBe('Reset Your Password');
    const { link } = linkAndCode(mail);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(`${siteUrl}/login/reset`);
    expect(mail.html).toContain('Reset Password');

    const location = await follow(link);
    expect(`${location.origin}${location.pathname}`).toBe(`${siteUrl}/login/reset`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    const accessToken = fragment.get('access_token')!;
    const { data: user } = await client().auth.getUser(accessToken);
    expect(user.user?.id).toBe(userId);

    // A link works once.
    const again = await follow(link);
    expect(Object.fromEntries(new URLSearchParams(again.hash.slice(1)))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('verifyOtp with the token hash emits PASSWORD_RECOVERY; the new password then signs in, the old one not', async () => {
    const email = uniqueEmail('otp');
    await createUser(auth, email, 'Passw0rd!');
    const supabase = client();
    expect((await supabase.auth.resetPasswordForEmail(email)).error).toBeNull();
    const { link } = linkAndCode(mailTo(email));
    const events: AuthChangeEvent[] = [];
    supabase.auth.onAuthStateChange((event) => void events.push(event));
    const verified = await supabase.auth.verifyOtp({ type: 'recovery', token_hash: link.searchParams.get('token')! });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await supabase.auth.updateUser({ password: 'N3w-passw0rd' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'N3w-passw0rd' })).error).toBeNull();
    const old = await client().auth.signInWithPassword({ email, password: 'Passw0rd!' });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it('the e-mailed code works with the address (POST /verify {email, token})', async () => {
    const email = uniqueEmail('code');
    await createUser(auth, email, 'Passw0rd!');
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const { code } = linkAndCode(mailTo(email));
    const wrong = await client().auth.verifyOtp({
      type: 'recovery',
      email,
      token: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const right = await client().auth.verifyOtp({ type: 'recovery', email, token: code });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(email);
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const { data, error } = await client().auth.resetPasswordForEmail(email);
    expect({ data, error }).toEqual({ data: {}, error: null });
    expect(outbox.filter((mail) => mail.to === email)).toHaveLength(0);
  });

  it('sends at most one mail per user a minute (429 over_email_send_rate_limit)', async () => {
    const email = uniqueEmail('twice');
    await createUser(auth, email, 'Passw0rd!');
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await client().auth.resetPasswordForEmail(email);
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(second.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    mailTo(email);
  });

  it('refuses a link after otp_expiry, and a redirect_to off the site for the site URL', async () => {
    const email = uniqueEmail('late');
    await createUser(auth, email, 'Passw0rd!');
    expect(
      (await client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' })).error,
    ).toBeNull();
    const { link } = linkAndCode(mailTo(email));
    expect(link.searchParams.get('redirect_to')).toBe(siteUrl);
    await db.sql.query(`update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1`, [
      email,
    ]);
    const location = await follow(link);
    expect(location.origin).toBe(siteUrl);
    expect(new URLSearchParams(location.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('allows a redirect_to matching an additional redirect URL', async () => {
    const email = uniqueEmail('extra');
    await createUser(auth, email, 'Passw0rd!');
    const target = 'https://admin.ascent.example/login/reset';
    expect((await client().auth.resetPasswordForEmail(email, { redirectTo: target })).error).toBeNull();
    expect(linkAndCode(mailTo(email)).link.searchParams.get('redirect_to')).toBe(target);
  });

  it('a missing address is 400 validation_failed; a PKCE request says the local server has no PKCE', async () => {
    const response = await fetch(`${served.url}/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: anonKey },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
    const pkce = await fetch(`${served.url}/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: anonKey },
      body: JSON.stringify({ email: 'a@ascent.example', code_challenge: 'x', code_challenge_method: 's256' }),
    });
    expect(pkce.status).toBe(400);
    expect(await pkce.json()).toMatchObject({ msg: expect.stringMatching(/PKCE/) });
  });
});
