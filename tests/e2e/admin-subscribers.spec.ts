/**
 * /admin/subscribers with issue 13's double opt-in: each address's status shown, the status
 * filter (in the URL), and the CSV with the status and the recorded consent time.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { csvRows } from './support/csv.ts';
import { createStaffUser, signInAsStaff } from './support/staff.ts';

test.beforeEach(async ({ page, stack }) => {
  await signInAsStaff(page, await createStaffUser(stack));
});

test('subscribers show their status, filter by it, and export it with the consent time', async ({
  page,
  serviceRole,
}) => {
  const tag = randomBytes(4).toString('hex');
  const pending = `pending-${tag}@example.com`;
  const confirmed = `confirmed-${tag}@example.com`;
  const unsubscribed = `gone-${tag}@example.com`;
  const consentedAt = '2026-11-20T07:30:00.000Z';
  const insert = await serviceRole.from('newsletter_subscribers').insert([
    { email: pending, source: 'e2e', status: 'pending' },
    {
      email: confirmed,
      source: 'e2e',
      status: 'confirmed',
      confirmed_at: consentedAt,
      consented_at: consentedAt,
      consent_text: 'I agree to receive the Ascent newsletter.',
    },
    { email: unsubscribed, source: 'e2e', status: 'unsubscribed', unsubscribed_at: consentedAt },
  ]);
  expect(insert.error).toBeNull();

  await page.goto(`/admin/subscribers?q=${tag}`);
  const rowOf = (email: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
  await expect(rowOf(pending).getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();
  await expect(rowOf(confirmed).getByRole('cell', { name: 'Confirmed', exact: true })).toBeVisible();
  await expect(rowOf(unsubscribed).getByRole('cell', { name: 'Unsubscribed', exact: true })).toBeVisible();

  await page.getByLabel('Status').selectOption('confirmed');
  await expect(page).toHaveURL(/status=confirmed/);
  await expect(rowOf(confirmed)).toBeVisible();
  await expect(rowOf(pending)).toHaveCount(0);
  await expect(rowOf(unsubscribed)).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = await csvRows(download);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    'E-mail': confirmed,
    Status: 'confirmed',
    'Consent text': 'I agree to receive the Ascent newsletter.',
  });
  // Nairobi time to the second, the zone in the header.
  const consentCell = rows[0]!['Consent given at (EAT, UTC+03:00)'] ?? '';
  expect(Date.parse(`${consentCell.replace(' ', 'T')}+03:00`)).toBe(Date.parse(consentedAt));

  await page.getByLabel('Status').selectOption('pending');
  await expect(rowOf(pending)).toBeVisible();
  await expect(rowOf(confirmed)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await expect(rowOf(pending)).toBeVisible();
});

test('while a filter loads, the rows shown stay on screen and the table says it is busy', async ({
  page,
  serviceRole,
}) => {
  const tag = randomBytes(4).toString('hex');
  const email = (name: string) => `${name}-${tag}@example.com`;
  const insert = await serviceRole.from('newsletter_subscribers').insert([
    { email: email('a'), source: 'e2e', status: 'pending' },
    { email: email('b'), source: 'e2e', status: 'pending' },
    { email: email('c'), source: 'e2e', status: 'unsubscribed', unsubscribed_at: new Date().toISOString() },
  ]);
  expect(insert.error).toBeNull();

  await page.goto(`/admin/subscribers?q=${tag}`);
  const table = page.getByRole('table', { name: 'Newsletter subscribers' });
  const cells = table.getByRole('cell', { name: new RegExp(`^[abc]-${tag}@example\\.com$`) });
  await expect(cells).toHaveCount(3);
  await expect(table).toHaveAttribute('aria-busy', 'false');

  // Hold the filtered read until the loading state has been looked at.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const reached = new Promise<void>((resolve) => (held = resolve));
  // The list's page is read by the staff function staff_subscribers_page (POSTed, the filter in the body).
  await page.route(
    (url) => url.pathname.endsWith('/rpc/staff_subscribers_page'),
    async (route) => {
      const body: unknown = route.request().postDataJSON();
      if (typeof body !== 'object' || body === null || !('status' in body) || body.status !== 'unsubscribed') {
        return route.fallback();
      }
      held();
      await released;
      await route.continue();
    },
  );
  await page.getByLabel('Status').selectOption('unsubscribed');
  await reached;
  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
  await expect(cells).toHaveCount(3);

  release();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(cells).toHaveText([email('c')]);
});
