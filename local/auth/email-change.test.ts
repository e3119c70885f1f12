/**
 * E-mail change as hosted GoTrue does it by default, driven by unmodified supabase-js: updateUser
 * with a new address changes nothing at once; a link goes to the new address and one to the
 * current one; the change applies only when both are followed (each link once, within otp_expiry).
 */
import { createClient } from '@supabase/supabase-js';
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
  auth = createAuthServer(testOptions(db.authUrl, { siteUrl, sendMail: async (mail) => void outbox.push(mail) }));
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

async function signedInClient(label: string) {
  const email = uniqueEmail(label);
  await createUser(auth, email, 'Passw0rd!');
  const supabase = client();
  const { error } = await supabase.auth.signInWithPassword({ email, password: 'Passw0rd!' });
  expect(error).toBeNull();
  return { supabase, email };
}

function mailTo(email: string): { link: URL; code: string; mail: Mail } {
  const mails = outbox.filter((mail) => mail.to === email);
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  const link = /(http\S+\/verify\?\S+)/.exec(mail.text ?? '')?.[1];
  const code = /code: (\d{6})/.exec(mail.text ?? '')?.[1];
  expect(link).toBeDefined();
  return { link: new URL(link!), code: code!, mail };
}

async function follow(link: URL): Promise<URLSearchParams> {
  const response = await fetch(link.toString().replace(/^.*\/verify/, `${served.url}/verify`), { redirect: 'manual' });
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(`${siteUrl}/admin/account`);
  return new URLSearchParams(location.hash.slice(1));
}

const storedEmail = async (email: string) =>
  (await db.sql.query<{ email: string }>('select email from auth.users where email = $1', [email])).rowCount;

describe('e-mail change (secure, as hosted)', () => {
  it('applies a new address only after the links to both addresses are followed', async () => {
    const { supabase, email } = await signedInClient('changer');
    const next = uniqueEmail('changed');
    const { data, error } = await supabase.auth.updateUser(
      { email: next },
      { emailRedirectTo: `${siteUrl}/admin/account` },
    );
    expect(error).toBeNull();
    // Nothing applied yet: the user still has the old address, the new one is pending.
    expect(data.user).toMatchObject({ email, new_email: next });
    expect(data.user?.email_change_sent_at).toEqual(expect.any(String));
    expect(await storedEmail(next)).toBe(0);

    const toNew = mailTo(next);
    const toCurrent = mailTo(email);
    expect(toNew.mail.subject).toBe('Confirm Email Change');
    expect(toNew.mail.text).toContain(`from ${email} to ${next}`);
    expect(toNew.link.searchParams.get('type')).toBe('email_change');
    expect(toCurrent.link.searchParams.get('token')).not.toBe(toNew.link.searchParams.get('token'));

    // The first link is accepted, and asks for the other; the address is still the old one.
    const first = await follow(toNew.link);
    expect(first.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.get('access_token')).toBeNull();
    expect(await storedEmail(email)).toBe(1);
    // A link works once.
    expect((await follow(toNew.link)).get('error_code')).toBe('otp_expired');

    // The second applies the change and signs the user in with type=email_change.
    const second = await follow(toCurrent.link);
    expect(second.get('type')).toBe('email_change');
    const { data: after } = await client().auth.getUser(second.get('access_token')!);
    expect(after.user).toMatchObject({ email: next, email_confirmed_at: expect.any(String) });
    expect(after.user?.new_email).toBeUndefined();
    expect((await client().auth.signInWithPassword({ email: next, password: 'Passw0rd!' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'Passw0rd!' })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('takes the codes through verifyOtp too: {msg} for the first, the session for the second', async () => {
    const { supabase, email } = await signedInClient('coder');
    const next = uniqueEmail('coded');
    expect((await supabase.auth.updateUser({ email: next })).error).toBeNull();
    const first = await client().auth.verifyOtp({ type: 'email_change', email: next, token: mailTo(next).code });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect(await storedEmail(email)).toBe(1);
    const second = await client().auth.verifyOtp({ type: 'email_change', email, token: mailTo(email).code });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
  });

  it('sends again only after max_frequency (429 over_email_send_rate_limit)', async () => {
    const { supabase } = await signedInClient('hasty');
    expect((await supabase.auth.updateUser({ email: uniqueEmail('one') })).error).toBeNull();
    const { error } = await supabase.auth.updateUser({ email: uniqueEmail('two') });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('needs only the new address when double_confirm_changes is off', async () => {
    const single = createAuthServer(
      testOptions(db.authUrl, { siteUrl, secureEmailChange: false, sendMail: async (mail) => void outbox.push(mail) }),
    );
    try {
      const email = uniqueEmail('single');
      await createUser(single, email, 'Passw0rd!');
      const signIn = await single.handle(
        new Request('http://auth.test/token?grant_type=password', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
          body: JSON.stringify({ email, password: 'Passw0rd!' }),
        }),
      );
      const { access_token } = (await signIn.json()) as { access_token: string };
      const next = uniqueEmail('single-new');
      const put = await single.handle(
        new Request('http://auth.test/user', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
          body: JSON.stringify({ email: next }),
        }),
      );
      expect(put.status).toBe(200);
      expect(outbox.filter((mail) => mail.to === email)).toHaveLength(0);
      const verify = await single.handle(
        new Request('http://auth.test/verify', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'email_change', email: next, token: mailTo(next).code }),
        }),
      );
      expect(verify.status).toBe(200);
      expect(((await verify.json()) as { user: { email: string } }).user.email).toBe(next);
    } finally {
      await single.close();
    }
  });
});
