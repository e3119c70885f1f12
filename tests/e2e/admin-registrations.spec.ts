/**
 * An event's registrations in the admin (issue 13): a registration made on the public page
 * appears with the counts, the waitlist in the order it moves up, a cancellation; checking a
 * person in on the day; the CSV read back with papaparse; axe on the page in both themes.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { expect, setTheme, test } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { csvRows } from './support/csv.ts';
import { allowManyRequests, makeEvent } from './support/engage.ts';
import { openHydrated } from './support/hydrated.ts';
import type { StackInfo } from './support/stack-info.ts';
import { createStaffUser, signInAsStaff } from './support/staff.ts';

test.beforeAll(async ({ stack }) => allowManyRequests(stack));

test.beforeEach(async ({ page, stack }) => {
  await signInAsStaff(page, await createStaffUser(stack));
});

/** A visitor's registration through the public API (as the registration page sends it). */
async function register(
  stack: StackInfo,
  slug: string,
  name: string,
  email: string,
): Promise<{ status: string; token: string }> {
  const visitor = createClient<Database>(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
  const { data, error } = await visitor
    .rpc('register_for_event', { event_slug: slug, name, email, phone: '0712 345 678', organisation: 'Tala Ltd' })
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function eventId(serviceRole: SupabaseClient<Database>, slug: string): Promise<string> {
  const { data, error } = await serviceRole.from('events').select('id').eq('slug', slug).single();
  if (error) throw new Error(error.message);
  return data.id;
}

/** An event of capacity 1: one confirmed (through the page), two waitlisted, one cancelled. */
async function filledEvent(page: Page, stack: StackInfo, serviceRole: SupabaseClient<Database>) {
  const tag = randomBytes(4).toString('hex');
  const event = await makeEvent(stack, 1);
  const people = {
    first: { name: `Achieng ${tag}`, email: `achieng-${tag}@example.com` },
    second: { name: `Baraka ${tag}`, email: `baraka-${tag}@example.com` },
    third: { name: `Chebet ${tag}`, email: `chebet-${tag}@example.com` },
    gone: { name: `Duma ${tag}`, email: `duma-${tag}@example.com` },
  };
  await openHydrated(page, `/events/${event.slug}/register`);
  await page.getByRole('textbox', { name: 'Full name' }).fill(people.first.name);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(people.first.email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('0712 345 678');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();

  expect((await register(stack, event.slug, people.second.name, people.second.email)).status).toBe('waitlisted');
  expect((await register(stack, event.slug, people.third.name, people.third.email)).status).toBe('waitlisted');
  const gone = await register(stack, event.slug, people.gone.name, people.gone.email);
  const visitor = createClient<Database>(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
  const cancel = await visitor.rpc('cancel_event_registration', { token: gone.token });
  expect(cancel.error).toBeNull();
  return { ...event, id: await eventId(serviceRole, event.slug), people };
}

test('registrations show with counts and the waitlist; a person is checked in; the CSV holds everyone', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(90_000);
  const event = await filledEvent(page, stack, serviceRole);
  const { first, second, third, gone } = event.people;

  // From the event's admin page to its registrations.
  await page.goto(`/admin/events/${event.id}`);
  await page.getByRole('link', { name: 'Registrations, waitlist and check-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Registrations: ${event.title}` })).toBeVisible();
  await expect(page.getByTestId('count-confirmed')).toHaveText('1');
  await expect(page.getByTestId('count-waitlisted')).toHaveText('2');
  await expect(page.getByTestId('count-cancelled')).toHaveText('1');
  await expect(page.getByTestId('count-checked-in')).toHaveText('0');
  await expect(page.getByText('1 seat of 1')).toBeVisible();

  const waitlist = page.getByRole('table', { name: 'The waitlist, next to move up first' });
  await expect(waitlist.getByRole('row')).toHaveCount(3);
  await expect(waitlist.getByRole('row').nth(1)).toContainText(`1${second.name}`);
  await expect(waitlist.getByRole('row').nth(2)).toContainText(`2${third.name}`);
  await expect(page.getByRole('table', { name: 'Cancelled registrations' })).toContainText(gone.name);

  await page.getByRole('button', { name: `Check in ${first.name}` }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${first.name} is checked in.` })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('count-checked-in')).toHaveText('1');
  await expect(page.getByRole('button', { name: `Undo the check-in of ${first.name}` })).toBeVisible();
  const stored = await serviceRole
    .from('event_registrations')
    .select('checked_in_at')
    .eq('email', first.email)
    .single();
  expect(stored.error).toBeNull();
  expect(stored.data?.checked_in_at).not.toBeNull();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = await csvRows(download);
  const byEmail = new Map(rows.map((row) => [row['E-mail'], row]));
  expect(rows).toHaveLength(4);
  expect(byEmail.get(first.email)).toMatchObject({ Name: first.name, Status: 'confirmed', 'Waitlist position': '' });
  expect(Date.parse(byEmail.get(first.email)?.['Checked in at (EAT, UTC+03:00)'] ?? '')).not.toBeNaN();
  expect(byEmail.get(second.email)).toMatchObject({
    Status: 'waitlisted',
    'Waitlist position': '1',
    'Checked in at (EAT, UTC+03:00)': '',
  });
  expect(byEmail.get(third.email)).toMatchObject({ Status: 'waitlisted', 'Waitlist position': '2' });
  expect(byEmail.get(gone.email)).toMatchObject({ Status: 'cancelled', Organisation: 'Tala Ltd' });

  // Undone (a mistaken tap on the day).
  await page.getByRole('button', { name: `Undo the check-in of ${first.name}` }).click();
  await expect(page.getByTestId('count-checked-in')).toHaveText('0');
  await expect(page.getByRole('button', { name: `Check in ${first.name}` })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on an event's registrations (${theme})`, async ({ page, stack, serviceRole }) => {
    test.setTimeout(60_000);
    const event = await filledEvent(page, stack, serviceRole);
    await setTheme(page, theme);
    await page.goto(`/admin/events/${event.id}/registrations`);
    await expect(page.getByRole('heading', { level: 1, name: `Registrations: ${event.title}` })).toBeVisible();
    const results = theme === 'light' ? await scanAllRules(page) : await scanThemeDependentRules(page);
    expect(results.violations, describeViolations(results.violations)).toEqual([]);
  });
}
