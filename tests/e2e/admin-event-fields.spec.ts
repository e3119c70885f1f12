/**
 * Staff create a limited, paid event in /admin/events/new (issue 22, item 3): capacity, price
 * and currency are fields, the slug is made from the title when left empty, a wrong value is
 * refused beside its field in words, and the public registration page shows the price and the
 * seats left. Lowering the capacity below the seats taken is refused by the database, in words.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './support/staff.ts';

// The form's times are typed as Nairobi time, whatever zone the admin pages come to use.
test.use({ timezoneId: 'Africa/Nairobi' });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function fillEvent(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A paid forum with a limited room.');
  await page.getByLabel('Venue').fill('Ascent Training Centre, Kiambu Road, Nairobi');
  await page.getByLabel('Starts').fill(`${inDays(25)}T09:00`);
  await page.getByLabel('Ends').fill(`${inDays(25)}T12:00`);
  await page.getByLabel('Published (shown on the website)').check();
}

test('a limited, paid event is created in the admin and the registration page shows its price and seats', async ({
  page,
  serviceRole,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const title = `E2E Paid Forum ${tag}`;
  await signInAsStaff(page);
  await page.goto('/admin/events/new');
  await fillEvent(page, title);

  // Wrong values are refused beside their fields, nothing saved.
  await page.getByLabel('Capacity').fill('0');
  await page.getByLabel('Price').fill('-5');
  await page.getByLabel('Slug').fill('Paid Forum');
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(
    page.getByText('The capacity must be a whole number of 1 or more, or empty for no limit.'),
  ).toBeVisible();
  await expect(
    page.getByText('Please enter a price above 0 with at most 2 decimals, or leave it empty for a free event.'),
  ).toBeVisible();
  await expect(page.getByText(/Use lower-case letters, digits and single hyphens/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events\/new$/);

  await page.getByLabel('Capacity').fill('2');
  await page.getByLabel('Price').fill('2,500');
  await page.getByLabel('Currency').selectOption('KES');
  await page.getByLabel('Slug').fill('');
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Created “${title}”.` })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]{36}$/);
  const slug = `e2e-paid-forum-${tag}`;
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await expect(page.getByLabel('Capacity')).toHaveValue('2');
  await expect(page.getByLabel('Price')).toHaveValue('2500');

  const { data: stored } = await serviceRole
    .from('events')
    .select('slug, capacity, price_amount, currency')
    .eq('slug', slug)
    .single();
  expect(stored).toEqual({ slug, capacity: 2, price_amount: 2500, currency: 'KES' });

  // The public page sells it: price per seat and the seats left.
  await page.goto(`/events/${slug}/register`);
  await expect(page.getByRole('heading', { level: 1, name: `Register: ${title}` })).toBeVisible();
  await expect(page.getByText(/KES\s?2,500(\.00)? per seat/)).toBeVisible();
  await expect(page.getByText('2 seats left')).toBeVisible();
});

test('the capacity cannot go below the seats already taken: refused in words, the input kept', async ({
  page,
  serviceRole,
}) => {
  const tag = randomUUID().slice(0, 8);
  const { data: event, error } = await serviceRole
    .from('events')
    .insert({
      title: `E2E Full Forum ${tag}`,
      description: 'Two seats, both taken.',
      venue: 'Nairobi',
      starts_at: `${inDays(25)}T06:00:00Z`,
      ends_at: `${inDays(25)}T09:00:00Z`,
      capacity: 2,
      is_published: true,
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  const { error: seatsError } = await serviceRole.from('event_registrations').insert(
    [1, 2].map((n) => ({
      event_id: event!.id,
      name: `Guest ${n}`,
      email: `guest-${n}-${tag}@example.com`,
      phone: '+254712345678',
      status: 'confirmed',
      client_key: 'e2e',
    })),
  );
  expect(seatsError).toBeNull();

  await signInAsStaff(page);
  await page.goto(`/admin/events/${event!.id}`);
  await expect(page.getByLabel('Capacity')).toHaveValue('2');
  await page.getByLabel('Capacity').fill('1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The capacity cannot be lower than the 2 seats already taken.').first()).toBeVisible();
  await expect(page.getByLabel('Capacity')).toHaveValue('1');
});
