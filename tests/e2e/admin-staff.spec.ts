/**
 * The /admin/staff screen (issue 26): an admin sees each person's roles, state, second factor and
 * last sign-in, changes roles, deactivates and reactivates, resets a lost factor (each confirmed
 * and audited); a refusal shows the database's words; other roles cannot open it. axe finds
 * nothing on the screen and its roles dialog in both themes.
 */
import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import type { Database } from '../../supabase/database.types.ts';
import { passSecondFactor } from '../support/second-factor.ts';
import { expect, test, type Theme } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { settle } from './support/settle.ts';
import { mailsTo } from './support/orders.ts';
import { createStaffUser, passSecondStep, signInAsStaff, uniqueEmail, type Account } from './support/staff.ts';
import type { StackInfo } from './support/stack-info.ts';

/** A staff member with `roles` who has signed in once and set up their factor (from a script's client). */
async function enrolledMember(stack: StackInfo, roles: Database['public']['Tables']['staff']['Row']['roles']) {
  const account = await createStaffUser(stack);
  const service = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const update = await service.from('staff').update({ roles }).eq('user_id', account.userId);
  if (update.error) throw new Error(update.error.message);
  const client = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  if (signIn.error) throw new Error(signIn.error.message);
  await passSecondFactor(client);
  return account;
}

const rowOf = (page: Page, email: string) =>
  page.getByRole('table', { name: 'Staff members' }).getByRole('row').filter({ hasText: email });

test('an admin changes roles, deactivates, reactivates and resets the second factor, each confirmed and audited', async ({
  page,
  stack,
  serviceRole,
}) => {
  const admin = await createStaffUser(stack); // an admin first: the last active admin stays
  const person = await enrolledMember(stack, ['finance']);
  await signInAsStaff(page, admin);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  const row = rowOf(page, person.email);
  await expect(row).toContainText('Finance');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Set up');
  await expect(row.getByRole('cell').nth(3)).toHaveText(/EAT$/); // last sign-in, Nairobi time

  // Roles, from the keyboard: the dialog opens, a box is ticked with Space, Save roles confirms.
  await row.getByRole('button', { name: `Change roles of ${person.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Roles of ${person.email}` });
  await expect(dialog.getByRole('checkbox', { name: 'Finance' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Marketing' }).focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: 'Save roles' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Finance, Marketing');
  await expect
    .poll(async () => (await serviceRole.from('staff').select('roles').eq('user_id', person.userId).single()).data)
    .toEqual({ roles: ['finance', 'marketing'] });

  // Nothing happens without the confirmation.
  await row.getByRole('button', { name: `Deactivate ${person.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Deactivate ${person.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText(/Deactivated \d/);
  await row.getByRole('button', { name: `Reactivate ${person.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Reset second factor of ${person.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset second factor' }).click();
  await expect(row).toContainText('Not set up');
  await expect(row.getByRole('button', { name: /^Reset second factor/ })).toHaveCount(0);

  // Audited: each change names the admin who made it and their roles.
  const audit = await serviceRole.rpc('audit_log_entries', { p_table_name: 'staff', p_row_id: person.userId });
  expect(audit.data?.filter((entry) => entry.action === 'UPDATE' && entry.actor_id === admin.userId)).toHaveLength(3);
  const factor = await serviceRole.rpc('audit_log_entries', {
    p_table_name: 'auth.mfa_factors',
    p_row_id: person.userId,
  });
  expect(factor.data?.[0]).toMatchObject({ action: 'DELETE', actor_id: admin.userId, actor_staff_roles: ['admin'] });
});

test('a refusal is shown in words; a person without the admin role cannot open the screen', async ({
  page,
  stack,
  serviceRole,
}) => {
  await createStaffUser(stack); // the other admin, who stays one
  const person = await enrolledMember(stack, ['finance']);
  const admin = await signInAsStaff(page);
  await page.goto('/admin/staff');
  const row = rowOf(page, person.email);
  await expect(row).toContainText('Finance');
  // Meanwhile another admin takes this admin's admin role away: the database refuses the change.
  const demoted = await serviceRole
    .from('staff')
    .update({ roles: ['finance'] })
    .eq('user_id', admin.userId);
  expect(demoted.error).toBeNull();
  await row.getByRole('button', { name: `Deactivate ${person.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This needs the admin role' })).toContainText(
    'This needs the admin role. Ask an admin to give it to you.',
  );

  // A reload: no Staff link for a finance member, and the screen itself says why it does not open.
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: "You don't have access to this" })).toBeVisible();
  await expect(page.getByText('This screen is for staff with the Admin role.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff members' })).toHaveCount(0);
});

test('an admin invites a finance person by e-mail, who sets a password and the second step before any admin data shows', async ({
  page,
  browser,
  stack,
  baseURL,
}) => {
  test.setTimeout(120_000); // two people, a mail and two sign-ins on a loaded machine
  const admin = await signInAsStaff(page);
  await page.goto('/admin/staff');
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  const email = uniqueEmail('invited');
  // Refused in words before anything is sent.
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('alert')).toHaveText('Choose at least one role.');
  await invite.getByRole('checkbox', { name: 'Finance' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const row = rowOf(page, email);
  await expect(row).toContainText('Invited, not yet accepted');
  await expect(row).toContainText('Finance');
  await expect(invite.getByLabel('E-mail')).toHaveValue('');
  // The same address again: the database's words.
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByRole('checkbox', { name: 'Marketing' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('alert')).toHaveText('This address is already on the staff list.');

  await expect.poll(async () => (await mailsTo(stack, email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mailsTo(stack, email);
  expect(mail!.subject).toBe('You have been invited');
  const link = /href="([^"]*\/auth\/v1\/verify\?[^"]*type=invite[^"]*)"/.exec(mail!.html ?? '')?.[1];
  expect(link, mail!.html ?? '').toBeDefined();

  // The invitee, in their own browser: the link, a password, then the second step on /login.
  const context = await browser.newContext({ baseURL });
  const invitee = await context.newPage();
  await invitee.goto(link!.replaceAll('&amp;', '&'));
  await expect(invitee).toHaveURL(/\/login\/reset/);
  await expect(invitee.getByText(`Set a new password for ${email}`)).toBeVisible();
  const password = `Invited-${Date.now()}-9`;
  await invitee.getByLabel('New password', { exact: true }).fill(password);
  await invitee.getByLabel('Repeat the new password').fill(password);
  await invitee.getByRole('button', { name: 'Save the new password' }).click();
  const account: Account = { email, password, userId: '' };
  await passSecondStep(invitee, account);
  await expect(invitee).toHaveURL(/\/admin$/);
  const nav = invitee.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await context.close();

  await page.reload();
  await expect(rowOf(page, email)).toContainText('Active');
  await expect(rowOf(page, email)).toContainText('Set up');
  expect(admin.email).not.toBe(email);
});

const scans = { light: scanAllRules, dark: scanThemeDependentRules } as const;

async function expectNoViolations(page: Page, theme: Theme, what: string) {
  await settle(page);
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  const { violations } = await scans[theme](page);
  expect(violations.length, `${what} (${theme}):\n${describeViolations(violations)}`).toBe(0);
}

let admin: Account;
test.describe('accessibility', () => {
  test.beforeAll(async () => {
    admin = await createStaffUser();
  });
  for (const theme of ['light', 'dark'] as const) {
    test(`the staff screen and its roles dialog have no WCAG 2.1 A/AA violations (${theme})`, async ({
      page,
      setTheme,
    }) => {
      await setTheme(page, theme);
      await signInAsStaff(page, admin);
      await page.goto('/admin/staff');
      await expect(rowOf(page, admin.email)).toContainText('Admin');
      await expectNoViolations(page, theme, '/admin/staff');
      await rowOf(page, admin.email)
        .getByRole('button', { name: /^Change roles of / })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, theme, 'roles dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    test(`the page a screen shows to a role it does not open has no WCAG 2.1 A/AA violations (${theme})`, async ({
      page,
      setTheme,
      stack,
      serviceRole,
    }) => {
      const finance = await createStaffUser(stack);
      const update = await serviceRole
        .from('staff')
        .update({ roles: ['finance'] })
        .eq('user_id', finance.userId);
      expect(update.error).toBeNull();
      await setTheme(page, theme);
      await signInAsStaff(page, finance);
      await page.goto('/admin/services/new');
      await expect(page.getByRole('heading', { level: 1, name: "You don't have access to this" })).toBeVisible();
      await expect(page.getByText('This screen is for staff with the Admin or Programmes role.')).toBeVisible();
      await expectNoViolations(page, theme, 'no access');
    });
  }
});
