/**
 * The enquiries inbox (issue 13): an enquiry sent from /contact appears in /admin/enquiries; staff
 * set its status, assign it and write internal notes (each save toasted and stored), the status
 * filter finds it, the CSV (read with papaparse) holds it; axe on both screens in both themes.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, setTheme, test } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { csvRows } from './support/csv.ts';
import { allowManyRequests } from './support/engage.ts';
import { hydrated } from './support/hydrated.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';

let staff: Account;

test.beforeAll(async ({ stack }) => allowManyRequests(stack));

test.beforeEach(async ({ page, stack }) => {
  staff = await signInAsStaff(page, await createStaffUser(stack));
});

/** Sends an enquiry through the public contact form; returns the sender's name. */
async function sendEnquiry(page: Page, tag: string, message: string): Promise<string> {
  const name = `Wanjiru ${tag}`;
  await page.goto('/contact');
  await hydrated(page);
  const form = page.locator('form.enquiry-form');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(`wanjiru-${tag}@example.com`);
  await form.getByRole('textbox', { name: 'Organisation' }).fill(`Kilimo Co-op ${tag}`);
  await form.getByRole('combobox', { name: 'Topic' }).selectOption('training');
  await form.getByRole('textbox', { name: 'Message' }).fill(message);
  await form.getByRole('checkbox', { name: /I agree that Ascent may use these details/ }).check();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your message is on its way' })).toBeVisible();
  return name;
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
}

test('an enquiry from /contact reaches the inbox; status, assignment and notes are saved', async ({
  page,
  serviceRole,
}) => {
  test.setTimeout(60_000);
  const tag = randomBytes(4).toString('hex');
  const message = `We need leadership training for 12 managers.\nSecond line ${tag}.`;
  const name = await sendEnquiry(page, tag, message);

  await page.goto(`/admin/enquiries?q=${tag}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'New', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Training', exact: true })).toBeVisible();
  await row.getByRole('link', { name }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Enquiry from ${name}` })).toBeVisible();
  await expect(page.locator('.enquiry__message')).toHaveText(message);
  await page.getByLabel('Status').selectOption('in_progress');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Status set to In progress.');
  await expect(page.getByTestId('enquiry-status')).toHaveText('In progress');

  await page.getByLabel('Assigned to').selectOption({ label: staff.email });
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, `Assigned to ${staff.email}.`);

  const notes = `Called back on ${tag}; sending a proposal.`;
  await page.getByLabel('Internal notes').fill(notes);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Internal notes saved.');

  const stored = await serviceRole
    .from('enquiries')
    .select('status, assigned_to, internal_notes')
    .eq('email', `wanjiru-${tag}@example.com`)
    .single();
  expect(stored.error).toBeNull();
  expect(stored.data).toEqual({ status: 'in_progress', assigned_to: staff.userId, internal_notes: notes });

  // Too long notes are refused in words, and what was typed stays.
  await page.getByLabel('Internal notes').fill('x'.repeat(10001));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The internal notes must be at most 10,000 characters.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('in_progress');
  await expect(page.getByLabel('Assigned to')).toHaveValue(staff.userId);
  await expect(page.getByLabel('Internal notes')).toHaveValue(notes);

  // The list: filtered by status, then exported.
  await page.goto(`/admin/enquiries?q=${tag}&status=new`);
  await expect(page.getByText('No enquiries match.')).toBeVisible();
  await page.getByLabel('Status').selectOption('in_progress');
  await expect(row.getByRole('cell', { name: staff.email, exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await csvRows(download);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    Name: name,
    'E-mail': `wanjiru-${tag}@example.com`,
    Organisation: `Kilimo Co-op ${tag}`,
    Topic: 'Training',
    Status: 'In progress',
    'Assigned to': staff.email,
    Message: message,
    'Internal notes': notes,
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on the enquiries inbox and an enquiry (${theme})`, async ({ page }) => {
    test.setTimeout(60_000);
    const tag = randomBytes(4).toString('hex');
    const name = await sendEnquiry(page, tag, `Axe check ${tag}.`);
    await setTheme(page, theme);
    await page.goto(`/admin/enquiries?q=${tag}`);
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    const scan = theme === 'light' ? scanAllRules : scanThemeDependentRules;
    let results = await scan(page);
    expect(results.violations, `/admin/enquiries\n${describeViolations(results.violations)}`).toEqual([]);
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Enquiry from ${name}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    results = await scan(page);
    expect(results.violations, `/admin/enquiries/:id\n${describeViolations(results.violations)}`).toEqual([]);
  });
}
