/**
 * Staff roles and sessions in the browser (issue 26): a finance member signs in with password and
 * TOTP and sees only their sections; an admin deactivates them and their open page loses the
 * admin area at the next request; "Sign out everywhere" ends the person's other devices.
 */
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { totpCode } from '../../local/auth/totp.ts';
import { expect, test } from './fixtures.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';
import type { StackInfo } from './support/stack-info.ts';

/** An admin's supabase-js client past the second factor (as the admin screens would act). */
async function adminClient(stack: StackInfo) {
  const admin: Account = await createStaffUser(stack);
  const client = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect((await client.auth.signInWithPassword({ email: admin.email, password: admin.password })).error).toBeNull();
  const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data!.id, code: totpCode(data!.totp.secret) });
  expect(verified.error).toBeNull();
  return client;
}

test('a finance member sees only their sections; deactivated, their open page loses the admin area', async ({
  page,
  stack,
  serviceRole,
}) => {
  // The admin first: on a fresh stack the finance member would otherwise be the last admin, whom
  // the database does not let lose the role.
  const admin = await adminClient(stack);
  const finance = await createStaffUser(stack);
  expect(
    (
      await serviceRole
        .from('staff')
        .update({ roles: ['finance'] })
        .eq('user_id', finance.userId)
    ).error,
  ).toBeNull();
  await signInAsStaff(page, finance);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  for (const hidden of ['Services', 'Enquiries', 'Subscribers']) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }

  expect((await admin.rpc('set_staff_active', { target: finance.userId, active: false })).error).toBeNull();
  // The next request of the open page: its session is gone, so the refresh is refused and the
  // page goes to /login (the same token in the page would carry no staff rights either).
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('sb-') && name.endsWith('-auth-token'))!;
    const session = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 1 }));
  });
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(/\/login$/);
});

test('Sign out everywhere ends the session of another device', async ({ page, stack }) => {
  const staff = await signInAsStaff(page);
  // The person's phone: password and the code of the factor enrolled in the browser.
  const phone = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect((await phone.auth.signInWithPassword({ email: staff.email, password: staff.password })).error).toBeNull();
  const factorId = (await phone.auth.mfa.listFactors()).data!.totp[0]!.id;
  expect((await phone.auth.mfa.challengeAndVerify({ factorId, code: totpCode(staff.totpSecret!) })).error).toBeNull();
  expect((await phone.rpc('admin_dashboard')).error).toBeNull();

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The phone's access token has not expired, but its session has ended: refused at once, no refresh.
  expect((await phone.rpc('admin_dashboard')).error).toMatchObject({ code: '42501' });
  expect((await phone.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' });
});
