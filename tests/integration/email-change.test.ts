/**
 * E-mail change across the whole local stack, as hosted Supabase does it by default: supabase-js's
 * updateUser({ email }) through the gateway changes nothing at once; the auth server mails a
 * confirmation link to the new and to the current address over SMTP (the mail capture), and the
 * address changes only once both links are followed.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { capturedMail } from '../support/mail-capture.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

let stack: StackInfo;

beforeAll(() => {
  stack = stackInfo();
});

const client = (key: string) =>
  createClient<Database>(stack.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });

async function linkMailedTo(address: string): Promise<string> {
  const mailed = async () => {
    return capturedMail(stack.mailApiUrl, { to: address, subject: 'Confirm Email Change' });
  };
  await expect.poll(async () => (await mailed()).length, { timeout: 10_000 }).toBe(1);
  const [mail] = await mailed();
  const link = /(http\S+\/verify\?\S+)/.exec(mail!.text)?.[1];
  expect(link?.startsWith(`${stack.apiUrl}/auth/v1/verify?`)).toBe(true);
  return link!;
}

async function follow(link: string): Promise<URLSearchParams> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
}

describe('e-mail change through the stack', () => {
  it('mails both addresses and changes the address only once both links are followed', async () => {
    const email = `change-${randomUUID().slice(0, 8)}@ascent.example`;
    const next = `changed-${randomUUID().slice(0, 8)}@ascent.example`;
    const created = await client(stack.serviceRoleKey).auth.admin.createUser({
      email,
      password: 'Change-0ver',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const user = client(stack.anonKey);
    expect((await user.auth.signInWithPassword({ email, password: 'Change-0ver' })).error).toBeNull();

    const { data, error } = await user.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });

    const [toNew, toCurrent] = await Promise.all([linkMailedTo(next), linkMailedTo(email)]);
    expect((await follow(toNew)).get('message')).toMatch(/^Confirmation link accepted/);
    const admin = client(stack.serviceRoleKey);
    const halfway = await admin.auth.admin.getUserById(created.data.user!.id);
    expect(halfway.data.user?.email).toBe(email);

    const done = await follow(toCurrent);
    expect(done.get('type')).toBe('email_change');
    const after = await admin.auth.admin.getUserById(created.data.user!.id);
    expect(after.data.user?.email).toBe(next);
    expect(
      (await client(stack.anonKey).auth.signInWithPassword({ email: next, password: 'Change-0ver' })).error,
    ).toBeNull();
  });
});
