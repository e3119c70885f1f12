/**
 * Password recovery across the whole local stack: supabase-js's resetPasswordForEmail through the
 * gateway, the recovery e-mail delivered over SMTP to the mail capture (auth's [auth.email.smtp]
 * settings), and its link: GET /auth/v1/verify redirects to the website's /login/reset with a
 * recovery session in the fragment, which works against the API; a second use is refused.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

let stack: StackInfo;

beforeAll(() => {
  stack = stackInfo();
});

const client = (key: string) =>
  createClient<Database>(stack.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });

async function mailsTo(address: string): Promise<CapturedMessage[]> {
  return capturedMail(stack.mailApiUrl, { to: address });
}

describe('password recovery through the stack', () => {
  it('mails a link that signs the user in on /login/reset, once', async () => {
    const email = `recovery-${randomUUID().slice(0, 8)}@ascent.example`;
    const admin = client(stack.serviceRoleKey);
    const created = await admin.auth.admin.createUser({ email, password: 'Recover-0ld', email_confirm: true });
    expect(created.error).toBeNull();

    const { error } = await client(stack.anonKey).auth.resetPasswordForEmail(email, {
      redirectTo: `${stack.webUrl}/login/reset`,
    });
    expect(error).toBeNull();
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mailsTo(email);
    // The project's template (supabase/templates/recovery.html), HTML only as GoTrue sends it.
    expect(mail!.subject).toBe('Reset your Ascent password');
    expect(mail!.from).toContain('no-reply@ascent.example');
    const link = /href="([^"]*\/verify\?[^"]*)"/.exec(mail!.html ?? '')?.[1]?.replaceAll('&amp;', '&');
    expect(link?.startsWith(`${stack.apiUrl}/auth/v1/verify?`)).toBe(true);

    const response = await fetch(link!, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${stack.webUrl}/login/reset`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const { data, error: userError } = await client(stack.anonKey).auth.getUser(fragment.get('access_token')!);
    expect(userError).toBeNull();
    expect(data.user?.id).toBe(created.data.user!.id);

    const again = await fetch(link!, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1)).get('error_code')).toBe(
      'otp_expired',
    );
  });
});
