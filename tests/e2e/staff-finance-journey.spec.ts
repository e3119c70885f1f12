/**
 * Issue 26's end-to-end "done when", in one journey: an admin invites a finance person by e-mail
 * (the mail read from the local capture); the person sets a password and enrols TOTP (every code
 * computed here from the key shown on screen, as an authenticator app would), signs in again with
 * the code, records a payment on an order, and cannot open the catalogue editors or the staff
 * screen (nor write those tables in the database); the admin deactivates them and their open
 * page is refused at its next request.
 */
import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import type { Database } from '../../supabase/database.types.ts';
import { totpCode } from '../../local/auth/totp.ts';
import { expect, test } from './fixtures.ts';
import { mailsTo, placeOrder } from './support/orders.ts';
import { passSecondStep, signInAsStaff, submitLogin, uniqueEmail, type Account } from './support/staff.ts';
import type { StackInfo } from './support/stack-info.ts';

const rowOf = (page: Page, email: string) =>
  page.getByRole('table', { name: 'Staff members' }).getByRole('row').filter({ hasText: email });

/** The person's own supabase-js client past the second step (their phone, say), with the same key. */
async function clientOf(stack: StackInfo, account: Account) {
  const client = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect((await client.auth.signInWithPassword({ email: account.email, password: account.password })).error).toBeNull();
  const factorId = (await client.auth.mfa.listFactors()).data!.totp[0]!.id;
  expect(
    (await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(account.totpSecret!) })).error,
  ).toBeNull();
  return client;
}

test('an invited finance person sets a password and TOTP, signs in with the code, records a payment, is kept out of the catalogue editors and the staff screen, and is refused once deactivated', async ({
  page,
  browser,
  stack,
  baseURL,
  serviceRole,
}) => {
  test.setTimeout(240_000); // two people, a mail, three sign-ins on a loaded machine
  const { reference } = await placeOrder(stack, { paymentMethod: 'invoice' });

  // The admin invites the person as Finance.
  await signInAsStaff(page);
  await page.goto('/admin/staff');
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  const email = uniqueEmail('finance');
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByRole('checkbox', { name: 'Finance' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(rowOf(page, email)).toContainText('Invited, not yet accepted');

  await expect.poll(async () => (await mailsTo(stack, email)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailsTo(stack, email);
  const link = /href="([^"]*\/auth\/v1\/verify\?[^"]*type=invite[^"]*)"/.exec(mail!.html ?? '')?.[1];
  expect(link, mail!.html ?? '').toBeDefined();

  // The person, in their own browser: the link, a password, then TOTP enrolment on /login.
  const context = await browser.newContext({ baseURL });
  try {
    const finance = await context.newPage();
    await finance.goto(link!.replaceAll('&amp;', '&'));
    await expect(finance.getByText(`Set a new password for ${email}`)).toBeVisible();
    const account: Account = { email, password: `Finance-${Date.now()}-9`, userId: '' };
    await finance.getByLabel('New password', { exact: true }).fill(account.password);
    await finance.getByLabel('Repeat the new password').fill(account.password);
    await finance.getByRole('button', { name: 'Save the new password' }).click();
    await passSecondStep(finance, account); // enrols: the key is read from the screen
    expect(account.totpSecret).toMatch(/^[A-Z2-7]+$/);
    await expect(finance.getByRole('navigation', { name: 'Admin' })).toBeVisible();

    // Signed out, they sign in again: the password, then the code of the enrolled factor.
    await finance.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(finance.getByLabel('E-mail')).toBeVisible();
    await submitLogin(finance, account);
    await expect(finance.getByTestId('totp-secret')).toHaveCount(0);
    await passSecondStep(finance, account);
    await expect(finance).toHaveURL(/\/admin$/);
    const nav = finance.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    for (const hidden of ['Staff', 'Services']) await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);

    // A payment recorded on the order.
    await nav.getByRole('link', { name: 'Orders', exact: true }).click();
    await finance.goto(`/admin/orders?q=${reference}`);
    await finance.getByRole('link', { name: reference }).click();
    await expect(finance.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
    await finance.getByRole('button', { name: 'Confirm order' }).click();
    await expect(finance.getByTestId('order-status')).toHaveText('Confirmed');
    await finance.getByLabel('Paid by').selectOption('bank');
    await finance.getByLabel('Reference').fill('FT26332 KCB');
    await finance.getByRole('button', { name: 'Record payment' }).click();
    await expect(finance.getByTestId('payment-reference')).toContainText('FT26332 KCB (bank');
    const order = await serviceRole.from('orders').select('payment_reference').eq('reference', reference).single();
    expect(order.data).toEqual({ payment_reference: 'FT26332 KCB' });

    // The catalogue editors and the staff screen: a page saying why, and nothing of the screen.
    for (const path of ['/admin/events/new', '/admin/training-programs/new', '/admin/services/new', '/admin/staff']) {
      await finance.goto(path);
      await expect(finance.getByRole('heading', { level: 1, name: "You don't have access to this" })).toBeVisible();
      await expect(finance.getByRole('form')).toHaveCount(0);
      await expect(finance.getByRole('table')).toHaveCount(0);
    }
    // The database refuses them too, whatever the screens show.
    const phone = await clientOf(stack, account);
    const { data: program } = await serviceRole.from('training_programs').select('id, title').limit(1).single();
    const renamed = await phone
      .from('training_programs')
      .update({ title: 'Renamed by finance' })
      .eq('id', program!.id)
      .select();
    expect(renamed.data).toEqual([]);
    expect((await serviceRole.from('training_programs').select('title').eq('id', program!.id).single()).data).toEqual({
      title: program!.title,
    });
    const { data: staffRow } = await serviceRole.from('staff').select('user_id').eq('email', email).single();
    const promoted = await phone.rpc('set_staff_roles', { target: staffRow!.user_id, roles: ['admin'] });
    expect(promoted.error?.message).toBe('This needs the admin role. Ask an admin to give it to you.');

    // The admin deactivates them; the person's open page is refused at its next request.
    await finance.goto('/admin');
    await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await page.reload();
    await rowOf(page, email)
      .getByRole('button', { name: `Deactivate ${email}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(rowOf(page, email)).toContainText(/Deactivated \d/);
    // The orders and the dashboard's figures: refused in words (the staff list functions check
    // the staff row first), no order shown.
    await nav.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(finance.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(finance.getByRole('alert').filter({ hasText: 'Sign in again' })).toBeVisible();
    await expect(finance.getByRole('link', { name: reference })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(finance.getByRole('alert').filter({ hasText: 'Sign in again' })).toBeVisible();
    // Their other session (the phone) alike, and it cannot refresh.
    expect((await phone.rpc('admin_dashboard')).error).toMatchObject({ code: '42501' });
    expect((await phone.auth.refreshSession()).error).not.toBeNull();
  } finally {
    await context.close();
  }
});
