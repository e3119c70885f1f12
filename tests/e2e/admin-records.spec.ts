/**
 * The admin pages of one record (an order, an enquiry, an event's registrations) at an address
 * that names no record: a wrong id, or one that is not a UUID at all (a mistyped or cut-off link).
 * Each says "not found" with the way back to its list, shows no history and no database error;
 * a read that fails says so in words. The catalogue's edit forms say the row was not found.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { createStaffUser, signInAsStaff } from './support/staff.ts';

const recordPages = [
  { path: '/admin/orders', heading: 'Order not found', text: 'No order has this address.', back: 'Back to the orders' },
  {
    path: '/admin/enquiries',
    heading: 'Enquiry not found',
    text: 'No enquiry has this address.',
    back: 'Back to the enquiries',
  },
  {
    path: '/admin/events',
    suffix: '/registrations',
    heading: 'Event not found',
    text: 'No event has this address.',
    back: 'Back to the events',
  },
];

test.beforeEach(async ({ page, stack }) => {
  await signInAsStaff(page, await createStaffUser(stack));
});

for (const record of recordPages) {
  for (const [kind, id] of [
    ['an id no record has', randomUUID()],
    ['an id that is not a UUID', 'not-a-record'],
  ] as const) {
    test(`${record.path}/…${record.suffix ?? ''} with ${kind} says "${record.heading}" and links back`, async ({
      page,
    }) => {
      await page.goto(`${record.path}/${id}${record.suffix ?? ''}`);
      await expect(page.getByRole('heading', { level: 1, name: record.heading })).toBeVisible();
      await expect(page.getByText(record.text)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'History' })).toHaveCount(0);
      await page.getByRole('link', { name: record.back }).click();
      await expect(page).toHaveURL(new RegExp(`${record.path}$`));
    });
  }
}

test('an order whose read fails says so in words, and the order shows once it can be read', async ({ page }) => {
  await page.route('**/rest/v1/orders?*', (route) => route.abort('connectionrefused'));
  await page.goto(`/admin/orders/${randomUUID()}`);
  // supabase-js tries a failed read three more times (after 1, 2 and 4 s) before it gives up.
  await expect(page.getByRole('alert')).toHaveText(
    'The server could not be reached. Check your connection and try again; your input is kept.',
    { timeout: 15_000 },
  );
  // Not "not found": the order may well exist.
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toHaveCount(0);
  await page.unroute('**/rest/v1/orders?*');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
});

for (const list of ['/admin/events', '/admin/training-programs', '/admin/services']) {
  test(`${list}/… (the edit form) with an id that is not a UUID, or one no row has, says the row was not found`, async ({
    page,
  }) => {
    for (const id of ['not-a-record', randomUUID()]) {
      await page.goto(`${list}/${id}`);
      await expect(page.getByRole('alert')).toHaveText(
        'The record was not found; it may have been deleted by someone else.',
      );
      await expect(page.getByRole('textbox')).toHaveCount(0);
    }
  });
}
