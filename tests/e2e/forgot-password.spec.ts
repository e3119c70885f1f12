/**
 * Forgot password end to end: /login's "Forgot password?" sends the recovery e-mail (read from
 * the local mail capture: the project's branded template, no one-time code), its link signs the staff member in on /login/reset, the new password is
 * saved and opens /admin, and it signs in afterwards while the old one no longer does. A used link
 * says so.
 */
import { expect, test } from './fixtures.ts';
import { hydrated } from './support/hydrated.ts';
import { mailsTo } from './support/orders.ts';
import { createStaffUser, passSecondStep, submitLogin } from './support/staff.ts';

test('forgot password: e-mail, link, new password, sign-in with it', async ({ page, stack }) => {
  const staff = await createStaffUser(stack);
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgot$/);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${staff.email} belongs to a staff account`);

  await expect.poll(async () => (await mailsTo(stack, staff.email)).length, { timeout: 10_000 }).toBe(1);
  const [mail] = await mailsTo(stack, staff.email);
  // Branded as the site's other mails (supabase/templates/recovery.html), with a button and no
  // one-time code: /login/reset takes the link only.
  expect(mail!.subject).toBe('Reset your Ascent password');
  const html = mail!.html ?? '';
  expect(html).toContain('<h1 style="font-size: 1.4em">Reset your password</h1>');
  expect(html).toContain(`the Ascent staff account ${staff.email}`);
  expect(html).not.toMatch(/code|\b\d{6}\b/i);
  expect(html).not.toContain('{{');
  const link = /<a\s+href="([^"]*\/auth\/v1\/verify\?[^"]*)"[^>]*>\s*Choose a new password\s*<\/a/.exec(html)?.[1];
  expect(link, html).toBeDefined();
  const decodedLink = link!.replaceAll('&amp;', '&');
  expect(new URL(decodedLink).searchParams.get('redirect_to')).toBe(`${stack.webUrl}/login/reset`);

  await page.goto(decodedLink);
  await expect(page).toHaveURL(/\/login\/reset/);
  await expect(page.getByText(`Set a new password for ${staff.email}`)).toBeVisible();
  const newPassword = 'Fresh-start-2026';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill('Fresh-start-2027');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.locator('#reset-error')).toHaveText('The two passwords do not match.');
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await passSecondStep(page, staff);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page);
  await submitLogin(page, staff);
  await expect(page.locator('.auth-form [role="alert"]')).toHaveText('The e-mail address or password is not correct.');
  await submitLogin(page, { email: staff.email, password: newPassword });
  await passSecondStep(page, staff);
  await expect(page).toHaveURL(/\/admin$/);

  // The link worked once.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Signed out for good: no stored session left that the reset page could show (CI once opened the link before).
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith('-auth-token'))))
    .toBe(false);
  await page.goto(decodedLink);
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
