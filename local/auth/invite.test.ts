/**
 * Invitations as GoTrue sends them, driven by unmodified supabase-js (`auth.admin.inviteUserByEmail`
 * with the service role key): the mail links to /verify?type=invite, whose GET confirms the
 * address and signs the invitee in (session in the fragment); the invitee then sets a password.
 * Only the service role may invite; a confirmed address is refused; a link works once and for
 * otp_expiry seconds; a new invitation replaces the old link.
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
  serviceRoleKey,
  startTestDatabase,
  testOptions,
  uniqueEmail,
  type TestDatabase,
} from './test-support.ts';

const siteUrl = 'http://127.0.0.1:3000';
const expirySeconds = 3600;
let db: TestDatabase;
let auth: AuthServer;
let served: { url: string; close(): Promise<void> };
const outbox: Mail[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
  auth = createAuthServer(
    testOptions(db.authUrl, {
      siteUrl,
      mailerOtpExpirySeconds: expirySeconds,
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

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const admin = () => createClient<Database>(served.url, serviceRoleKey, options);
const client = () => createClient<Database>(served.url, anonKey, options);

function linksTo(email: string): URL[] {
  return outbox
    .filter((mail) => mail.to === email)
    .map((mail) => new URL(/(http\S+\/verify\?\S+)/.exec(mail.text ?? '')![1]!));
}

async function follow(link: URL): Promise<URLSearchParams> {
  const response = await fetch(link.toString().replace(/^.*\/verify/, `${served.url}/verify`), { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
}

describe('invitations', () => {
  it('mails a link that confirms the address and signs the invitee in, who then sets a password', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await admin().auth.admin.inviteUserByEmail(email, {
      data: { invited_roles: ['finance'] },
      redirectTo: `${siteUrl}/login/welcome`,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      invited_at: expect.any(String),
      user_metadata: { invited_roles: ['finance'] },
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const mail = outbox.find((m) => m.to === email)!;
    expect(mail.subject).toBe('You have been invited');
    expect(mail.html).toContain('Accept the invite');
    const [link] = linksTo(email);
    expect(link!.searchParams.get('type')).toBe('invite');
    expect(link!.searchParams.get('redirect_to')).toBe(`${siteUrl}/login/welcome`);
    // Not yet accepted: no password signs in.
    expect((await client().auth.signInWithPassword({ email, password: 'anything-9' })).error?.code).toBe(
      'invalid_credentials',
    );

    const fragment = await follow(link!);
    expect(fragment.get('type')).toBe('invite');
    const invitee = client();
    const session = await invitee.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(session.error).toBeNull();
    expect(session.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect((await invitee.auth.updateUser({ password: 'Welcome-2026' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'Welcome-2026' })).error).toBeNull();

    // The link worked once; the address, now confirmed, cannot be invited again.
    expect((await follow(link!)).get('error_code')).toBe('otp_expired');
    const again = await admin().auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('only the service role invites; a confirmed user is refused; a bad address is refused in words', async () => {
    const email = uniqueEmail('invite-anon');
    const anon = await client().auth.admin.inviteUserByEmail(email);
    expect(anon.error?.status).toBe(403); // GoTrue's requireAdmin: an anon token is not an admin
    const member = uniqueEmail('member');
    await createUser(auth, member, 'Passw0rd!');
    expect((await admin().auth.admin.inviteUserByEmail(member)).error).toMatchObject({ code: 'email_exists' });
    const bad = await admin().auth.admin.inviteUserByEmail('not-an-address');
    expect(bad.error).toMatchObject({ status: 400 });
    expect(outbox.filter((m) => [email, member].includes(m.to))).toEqual([]);
  });

  it('a new invitation replaces the old link; a link older than otp_expiry no longer works', async () => {
    const email = uniqueEmail('invite-twice');
    expect((await admin().auth.admin.inviteUserByEmail(email)).error).toBeNull();
    expect((await admin().auth.admin.inviteUserByEmail(email)).error).toBeNull();
    const [first, second] = linksTo(email);
    expect((await follow(first!)).get('error_code')).toBe('otp_expired');

    await db.sql.query(
      `update auth.users set confirmation_sent_at = now() - make_interval(secs => $2 + 1) where email = $1`,
      [email, expirySeconds],
    );
    expect((await follow(second!)).get('error_code')).toBe('otp_expired');
  });
});
