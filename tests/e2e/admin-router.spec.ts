/**
 * The admin's data through the router (web/app/routes/admin, docs/admin-data.md): a list's
 * clientLoader reads its rows from the URL before the page shows, so Back and Forward bring a
 * list back as it was; a read that fails says so in words under the page's heading; a save that
 * fails says so beside the form and keeps what was typed.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { createStaffUser, signInAsStaff } from './support/staff.ts';

const networkWords = 'The server could not be reached. Check your connection and try again; your input is kept.';

test.beforeEach(async ({ page, stack }) => {
  await signInAsStaff(page, await createStaffUser(stack));
});

test('a list page shows its rows with its first paint: no loading row before them', async ({ page }) => {
  await page.goto('/admin/services');
  const heading = page.getByRole('heading', { level: 1, name: 'Services' });
  await heading.waitFor();
  // Read at once, no retrying: the rows came with the page, before it rendered.
  expect(await page.getByRole('cell', { name: 'HR Advisory', exact: true }).count()).toBe(1);
  expect(await page.getByRole('table').getAttribute('aria-busy')).toBe('false');
});

// Each list's read, at the address the route's loader reads it from (a staff function) and at the
// table's address a page reading in an effect used.
const listReads = [
  { link: 'Orders', heading: 'Orders', reads: ['/rest/v1/rpc/staff_orders_page', '/rest/v1/orders'] },
  {
    link: 'Subscribers',
    heading: 'Newsletter subscribers',
    reads: ['/rest/v1/rpc/staff_subscribers_page', '/rest/v1/newsletter_subscribers'],
  },
];

for (const { link, heading, reads } of listReads) {
  test(`the ${link.toLowerCase()} list is read before it shows: while its read is held, the page before it stays`, async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const reached = new Promise<void>((resolve) => (held = resolve));
    await page.route(
      (url) => reads.some((path) => url.pathname.endsWith(path)),
      async (route) => {
        held();
        await released;
        await route.continue();
      },
    );
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link, exact: true }).click();
    await reached;
    // Read at once, no retrying: the list is being read and has not rendered.
    expect(await page.getByRole('heading', { level: 1, name: heading }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'Dashboard' }).count()).toBe(1);
    release();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
  });
}

test('a subscriber removed from the list: posted to the route, the list read again at the same search', async ({
  page,
  serviceRole,
}) => {
  const email = `first-paint-${randomUUID().slice(0, 8)}@example.com`;
  const inserted = await serviceRole.from('newsletter_subscribers').insert({ email, source: 'footer' });
  if (inserted.error) throw new Error(inserted.error.message);
  await page.goto(`/admin/subscribers?q=${email}`);
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Remove ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove subscriber' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Removed ${email}.` })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('No subscribers match.')).toBeVisible();
  // Where the removal was made: the same search.
  expect(new URL(page.url()).searchParams.get('q')).toBe(email);
});

test('Back and Forward bring a list back with its search and its rows, from the URL', async ({ page }) => {
  await page.goto('/admin/services');
  const search = page.getByLabel('Search services');
  await search.fill('advisory');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=advisory/);
  await expect(page.getByRole('cell', { name: 'HR Advisory', exact: true })).toBeVisible();

  await search.fill('no service is called this');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Nothing matches this search.')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/[?&]q=advisory/);
  await expect(search).toHaveValue('advisory');
  await expect(page.getByRole('cell', { name: 'HR Advisory', exact: true })).toBeVisible();
  await expect(page.getByText('Nothing matches this search.')).toHaveCount(0);

  await page.goForward();
  await expect(search).toHaveValue('no service is called this');
  await expect(page.getByText('Nothing matches this search.')).toBeVisible();
});

test('a list whose read fails says so in words under its heading, and shows its rows once it can read them', async ({
  page,
}) => {
  await page.route('**/rest/v1/services?*', (route) => route.abort('connectionrefused'));
  await page.goto('/admin/services');
  // supabase-js tries a failed read three more times (after 1, 2 and 4 s) before it gives up.
  await expect(page.getByRole('alert')).toHaveText(networkWords, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await page.unroute('**/rest/v1/services?*');
  await page.reload();
  await expect(page.getByRole('cell', { name: 'HR Advisory', exact: true })).toBeVisible();
});

test('a save that fails says so beside the form and keeps the typed input; saving again works', async ({
  page,
  serviceRole,
}) => {
  const title = `E2E router ${randomUUID().slice(0, 8)}`;
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const { data, error } = await serviceRole
    .from('events')
    .insert({ title, description: 'x', venue: 'Nairobi', starts_at: start, ends_at: start })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  try {
    await page.goto(`/admin/events/${data.id}`);
    const venue = page.getByLabel('Venue');
    await venue.fill('Mombasa');
    // Writes only: the page's reads still go through.
    await page.route('**/rest/v1/events?*', (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.fallback(),
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(networkWords);
    await expect(page.getByRole('status').filter({ hasText: networkWords }).first()).toBeVisible();
    await expect(venue).toHaveValue('Mombasa');

    await page.unroute('**/rest/v1/events?*');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Saved “${title}”.` })
        .first(),
    ).toBeVisible();
    await expect(page.locator('form').getByRole('alert')).toHaveText('');
    await expect(venue).toHaveValue('Mombasa');
    await expect
      .poll(async () => (await serviceRole.from('events').select('venue').eq('id', data.id).single()).data?.venue)
      .toBe('Mombasa');
  } finally {
    await serviceRole.from('events').delete().eq('id', data.id);
  }
});
