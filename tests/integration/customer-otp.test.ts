/**
 * Customer sign-in with an e-mailed code across the whole stack (issue 28): supabase-js's
 * signInWithOtp through the gateway, the code delivered over SMTP to the mail capture, verifyOtp
 * opening a session PostgREST accepts; and a staff member who signs in by code and then passes the
 * second factor gets no staff rights, while their password session does.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { capturedMail } from '../support/mail-capture.ts';
import { passSecondFactor } from '../support/second-factor.ts';
import { totpCode } from '../../local/auth/totp.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

let stack: StackInfo;

beforeAll(() => {
  stack = stackInfo();
});

const client = (key: string): SupabaseClient<Database> =>
  createClient<Database>(stack.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });

/** Asks for a code and reads it from the capture once the mail has arrived. */
async function codeFor(supabase: SupabaseClient<Database>, email: string, subject: string): Promise<string> {
  const { error } = await supabase.auth.signInWithOtp({ email });
  expect(error).toBeNull();
  await expect
    .poll(async () => (await capturedMail(stack.mailApiUrl, { to: email, subject })).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const [mail] = await capturedMail(stack.mailApiUrl, { to: email, subject });
  const code = /enter the code: (\d{6})/.exec(mail!.text ?? mail!.html ?? '')?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return code;
}

describe('customer sign-in with an e-mailed code through the stack', () => {
  it('mails the code through the capture and signs a new customer in', async () => {
    const email = `customer-${randomUUID().slice(0, 8)}@example.co.ke`;
    const supabase = client(stack.anonKey);
    const code = await codeFor(supabase, email, 'Confirm Your Email');
    // A second code within the minute is refused as hosted does.
    const again = await supabase.auth.signInWithOtp({ email });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    // PostgREST takes the session: the customer's own orders (none yet), not an error.
    const orders = await supabase.from('orders').select('id');
    expect(orders).toMatchObject({ error: null, data: [] });
  });

  it("gives a staff member's code session no staff rights, even after the second factor", async () => {
    const service = client(stack.serviceRoleKey);
    const email = `staff-otp-${randomUUID().slice(0, 8)}@ascent.example`;
    const password = `Pw-${randomUUID()}`;
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
    expect(created.error).toBeNull();
    const row = await service.from('staff').upsert({ user_id: created.data.user!.id, email, roles: ['admin'] });
    expect(row.error).toBeNull();

    const byPassword = client(stack.anonKey);
    expect((await byPassword.auth.signInWithPassword({ email, password })).error).toBeNull();
    const secret = await passSecondFactor(byPassword);
    expect((await byPassword.rpc('staff_members')).error).toBeNull();

    const byCode = client(stack.anonKey);
    const code = await codeFor(byCode, email, 'Your Magic Link');
    expect((await byCode.auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
    const factors = await byCode.auth.mfa.listFactors();
    const verified = await byCode.auth.mfa.challengeAndVerify({
      factorId: factors.data!.totp[0]!.id,
      code: totpCode(secret),
    });
    expect(verified.error).toBeNull();
    const refused = await byCode.rpc('staff_members');
    expect(refused.error).toMatchObject({ code: '42501' });
  });
});
