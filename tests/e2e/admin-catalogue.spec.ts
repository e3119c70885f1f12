/**
 * The admin catalogue through the browser as staff: each entity created, edited and deleted
 * through the admin screens, and the change visible (or gone) on the public site at the next
 * request; a refused change (a duplicate slug) keeps the input and says why in words; the list's
 * state lives in the URL; reordering figures and the confirmation work with the keyboard alone.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import type { Database } from '../../supabase/database.types.ts';
import { expect, test } from './fixtures.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';

let staff: Account;

test.beforeAll(async () => {
  staff = await createStaffUser();
});

/** Signs the staff member in (auth's /login) and opens `path`. */
async function openAsStaff(page: Page, path: string): Promise<void> {
  await signInAsStaff(page, staff);
  await page.goto(path);
}

const unique = () => randomUUID().slice(0, 8);

/** A USD program titled `title`, made directly; its id. */
async function insertProgram(serviceRole: SupabaseClient<Database>, title: string): Promise<string> {
  const { data, error } = await serviceRole
    .from('training_programs')
    .insert({
      title,
      slug: `e2e-${unique()}`,
      category: 'Finance',
      focus: 'Accountants',
      description: 'x',
      duration: '1 day',
      price_amount: 100,
      currency: 'USD',
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

/** An unpaid invoice order of `quantity` seats of the program (on `intakeId`, if given), made directly. */
async function insertOrder(
  serviceRole: SupabaseClient<Database>,
  line: { programId: string; title: string; intakeId?: string; quantity?: number },
): Promise<string> {
  const id = randomUUID();
  const placed = await serviceRole.from('orders').insert({
    id,
    client_key: 'e2e',
    confirmation_token: randomUUID().replaceAll('-', '').padEnd(43, 'x'),
    customer_email: 'buyer@example.com',
    customer_name: 'Buyer',
    idempotency_key: randomUUID(),
    payment_method: 'invoice',
    reference: `ASC-2026-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    request_hash: 'e2e',
    terms_accepted_at: new Date().toISOString(),
  });
  if (placed.error) throw new Error(placed.error.message);
  const item = await serviceRole.from('order_items').insert({
    order_id: id,
    program_id: line.programId,
    intake_id: line.intakeId ?? null,
    quantity: line.quantity ?? 1,
    title: line.title,
    unit_price: 100,
    currency: 'USD',
    position: 1,
  });
  if (item.error) throw new Error(item.error.message);
  return id;
}

/** The success toast of a change (react-hot-toast's status region). */
async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
}

/** Deletes the row named `name` from the list at `listPath` through its confirmation dialog. */
async function deleteFromList(page: Page, listPath: string, kind: string, name: string) {
  await page.goto(`${listPath}?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Delete ${kind} “${name}”` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the ${kind} “${name}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: `Delete ${kind}` }).click();
  await expectToast(page, `Deleted “${name}”.`);
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
}

/**
 * Public pages come through the server's page cache (web/server/page-cache.ts: fresh 3 s, then one
 * stale answer while it re-renders) and read the catalogue live, so an admin change shows within
 * seconds: reload `path` until `check` holds, failing if it takes longer than the promised minute.
 */
async function onPublicPage(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: 60_000, intervals: [1_000] });
}

/**
 * Uploads a 64×36 PNG through the form's image field (to the media bucket's `folder`) and returns
 * the address the upload filled in, after checking it and the preview.
 */
async function uploadImage(page: Page, folder: string, name: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  await page.getByLabel('Upload an image').setInputFiles({ name, mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Uploaded.')).toBeVisible();
  const imageUrl = await page.getByLabel('Image address').inputValue();
  expect(imageUrl).toMatch(new RegExp(`^https?://.+/storage/v1/object/public/media/${folder}/.+\\.png$`));
  await expect(page.getByAltText('Preview of the upload')).toHaveAttribute('src', imageUrl);
  return imageUrl;
}

/** The picture has finished loading in the browser (the stored file, 64 px wide), not just its tag. */
async function expectLoaded(picture: Locator) {
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(64);
}

/** `days` from now as a datetime-local value. */
function localDateTime(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}

test('an event: created, edited, unpublished and deleted through the admin, and the public /events page follows', async ({
  page,
}) => {
  const title = `E2E workshop ${unique()}`;
  const renamed = `${title} (moved)`;
  await openAsStaff(page, '/admin/events/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A hands-on workshop.');
  await page.getByLabel('Venue').fill('Nairobi');
  await page.getByLabel('Starts').fill(localDateTime(1, 9));
  await page.getByLabel('Ends').fill(localDateTime(1, 17));
  const imageUrl = await uploadImage(page, 'events', 'workshop.png');
  await page.getByLabel('Published (shown on the website)').check();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expectToast(page, `Created “${title}”.`);
  await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]{36}$/);

  const editUrl = page.url();
  await onPublicPage(page, '/events', () =>
    expect(page.getByText(title, { exact: true })).toBeVisible({ timeout: 1_000 }),
  );
  // The uploaded picture is on the event's card, and it loads.
  const picture = page.locator('li.event', { hasText: title }).locator('img.event__image');
  await expect(picture).toHaveAttribute('src', imageUrl);
  await expectLoaded(picture);

  await page.goto(editUrl);
  await page.getByLabel('Title').fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, `Saved “${renamed}”.`);
  await onPublicPage(page, '/events', async () => {
    await expect(page.getByText(renamed, { exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(page.getByText(title, { exact: true })).toHaveCount(0, { timeout: 1_000 });
  });

  await page.goto(`/admin/events?q=${encodeURIComponent(renamed)}`);
  await page.getByRole('button', { name: `Unpublish event “${renamed}”` }).click();
  await expectToast(page, `Unpublished “${renamed}”.`);
  await onPublicPage(page, '/events', () =>
    expect(page.getByText(renamed, { exact: true })).toHaveCount(0, { timeout: 1_000 }),
  );

  await deleteFromList(page, '/admin/events', 'event', renamed);
});

test('an event whose end is before its start is refused beside the field, nothing saved', async ({ page }) => {
  await openAsStaff(page, '/admin/events/new');
  await page.getByLabel('Title').fill(`E2E backwards ${unique()}`);
  await page.getByLabel('Description').fill('x');
  await page.getByLabel('Venue').fill('Nairobi');
  await page.getByLabel('Starts').fill(localDateTime(2, 17));
  await page.getByLabel('Ends').fill(localDateTime(2, 9));
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('The end cannot be before the start.')).toBeVisible();
  await expect(page.getByLabel('Ends')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/admin\/events\/new$/);
});

test('a service: created with an image (flagged without a Sanity page), the image removed, a duplicate slug refused in words with the input kept, deleted', async ({
  page,
}) => {
  const title = `E2E service ${unique()}`;
  const slug = `e2e-service-${unique()}`;
  await openAsStaff(page, '/admin/services/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Description').fill('Advice for teams.');
  const imageUrl = await uploadImage(page, 'services', 'advice.png');
  await page.getByLabel('Published (shown on the website)').check();
  await page.getByRole('button', { name: 'Create service' }).click();
  await expectToast(page, `Created “${title}”.`);
  await expect(page.getByText(`No service page with the slug “${slug}” is published in Sanity`)).toBeVisible();
  const editUrl = page.url();

  // The uploaded picture is on the service's card on /services, named by the service, and it loads.
  const card = page.locator('li.service-card', { hasText: title });
  await onPublicPage(page, '/services', () =>
    expect(page.getByText(title, { exact: true })).toBeVisible({ timeout: 1_000 }),
  );
  const picture = card.getByRole('img', { name: title, exact: true });
  await expect(picture).toHaveAttribute('src', imageUrl);
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expectLoaded(picture);

  // The image taken off the service in the admin: the card shows none.
  await page.goto(editUrl);
  await expect(page.getByLabel('Image address')).toHaveValue(imageUrl);
  await page.getByLabel('Image address').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, `Saved “${title}”.`);
  await onPublicPage(page, '/services', async () => {
    await expect(page.getByText(title, { exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(card.getByRole('img')).toHaveCount(0, { timeout: 1_000 });
  });

  // An address that is not http(s) or a site path is refused beside the field.
  await page.goto(editUrl);
  await page.getByLabel('Image address').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The image must be an http(s) address or a site path.')).toBeVisible();
  await expect(page.getByLabel('Image address')).toHaveAttribute('aria-invalid', 'true');

  await page.goto(`/admin/services?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('row', { name: new RegExp(title) }).getByText('No page in Sanity')).toBeVisible();
  // A service that has its Sanity page is not flagged.
  await page.goto('/admin/services?q=hr-advisory');
  await expect(page.getByRole('cell', { name: 'hr-advisory' })).toBeVisible();
  await expect(page.locator('.admin-badge')).toHaveCount(0);

  await page.goto('/admin/services/new');
  const second = `E2E duplicate ${unique()}`;
  await page.getByLabel('Title').fill(second);
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Description').fill('Same slug.');
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Another service already uses this slug.' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(second);
  await expect(page).toHaveURL(/\/admin\/services\/new$/);

  await deleteFromList(page, '/admin/services', 'service', title);
  await onPublicPage(page, '/services', () =>
    expect(page.getByText(title, { exact: true })).toHaveCount(0, { timeout: 1_000 }),
  );
});

test('a training program with an image and an intake: created, on /training and its page with the image, the intake edited, the program deleted', async ({
  page,
}) => {
  const title = `E2E program ${unique()}`;
  const slug = `e2e-program-${unique()}`;
  await openAsStaff(page, '/admin/training-programs/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Category').selectOption('Leadership');
  await page.getByLabel('Focus').fill('New managers');
  await page.getByLabel('Description').fill('Leading a team.');
  await page.getByLabel('Duration').fill('3 days');
  await page.getByLabel('Price').fill('450');
  const imageUrl = await uploadImage(page, 'training-programs', 'leading.png');
  await page.getByLabel('Published (shown on the website)').check();
  await expect(page.getByLabel('Tax class')).toHaveValue('');
  await page.getByRole('button', { name: 'Create training program' }).click();
  await expectToast(page, `Created “${title}”.`);
  await expect(page).toHaveURL(/\/admin\/training-programs\/[0-9a-f-]{36}$/);

  // It took the institute's default class (standard-rated); the programmes team makes it exempt,
  // and the checkout's prices follow.
  await expect(page.getByLabel('Tax class')).toHaveValue('B');
  await page.getByLabel('Tax class').selectOption({ label: 'A: Exempt' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, `Saved “${title}”.`);
  const programId = page.url().split('/').at(-1)!;
  const prices = await page.request.get(`/checkout/prices?program=${programId}`);
  expect((await prices.json()).programs[0].taxClass).toMatchObject({ code: 'A', rateBasisPoints: 0 });

  const start = localDateTime(40, 9).slice(0, 10);
  const end = localDateTime(42, 9).slice(0, 10);
  await page.getByLabel('Starts on').fill(start);
  await page.getByLabel('Ends on').fill(end);
  await page.getByLabel('Venue').fill('Westlands, Nairobi');
  await page.getByLabel('Capacity').fill('0');
  await page.getByRole('button', { name: 'Add intake' }).click();
  await expect(page.getByText('The capacity must be a whole number from 1 to 1000.')).toBeVisible();
  await page.getByLabel('Capacity').fill('12');
  await page.getByLabel('Published (bookable on the website)').check();
  await page.getByRole('button', { name: 'Add intake' }).click();
  await expectToast(page, 'Intake added.');
  const intakeRow = page.getByRole('row', { name: /Westlands, Nairobi/ });
  await expect(intakeRow.getByRole('cell', { name: '12', exact: true })).toBeVisible();

  await intakeRow.getByRole('button', { name: /^Edit the intake/ }).click();
  await page.getByLabel('Capacity').fill('15');
  await page.getByRole('button', { name: 'Save intake' }).click();
  await expectToast(page, 'Intake saved.');
  await expect(intakeRow.getByRole('cell', { name: '15', exact: true })).toBeVisible();

  await onPublicPage(page, `/training?q=${encodeURIComponent(title)}`, () =>
    expect(page.getByText(title, { exact: true }).first()).toBeVisible({ timeout: 1_000 }),
  );
  // The picture is on the program's card in the catalogue and on its own page, and it loads.
  const cardPicture = page.locator('li.program', { hasText: title }).getByRole('img', { name: title, exact: true });
  await expect(cardPicture).toHaveAttribute('src', imageUrl);
  await expectLoaded(cardPicture);
  await onPublicPage(page, `/training/${slug}`, () =>
    expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 1_000 }),
  );
  const pagePicture = page.locator('.program-page__text').getByRole('img', { name: title, exact: true });
  await expect(pagePicture).toHaveAttribute('src', imageUrl);
  await expect(pagePicture).toHaveAttribute('decoding', 'async');
  await expectLoaded(pagePicture);
  // Search engines get it too: the page's Course names the image.
  const courses = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? 'null') as unknown));
  expect(courses).toContainEqual(expect.objectContaining({ '@type': 'Course', name: title, image: [imageUrl] }));

  await deleteFromList(page, '/admin/training-programs', 'training program', title);
  await expect(async () => {
    const gone = await page.goto(`/training/${slug}`);
    expect(gone?.status()).toBe(404);
  }).toPass({ timeout: 60_000, intervals: [1_000] });
  await expect(page.getByRole('img', { name: title, exact: true })).toHaveCount(0);
});

test('an intake shows the seats its orders hold as sold, not an expired order’s, and its capacity stays above them', async ({
  page,
  serviceRole,
}) => {
  const title = `E2E seats ${unique()}`;
  const programId = await insertProgram(serviceRole, title);
  const intake = await serviceRole
    .from('program_intakes')
    .insert({
      program_id: programId,
      starts_on: localDateTime(50, 9).slice(0, 10),
      ends_on: localDateTime(51, 9).slice(0, 10),
      venue: 'Upper Hill, Nairobi',
      capacity: 10,
    })
    .select('id')
    .single();
  if (intake.error) throw new Error(intake.error.message);
  const seats = { programId, title, intakeId: intake.data.id };
  const held = await insertOrder(serviceRole, { ...seats, quantity: 3 });
  const expired = await insertOrder(serviceRole, { ...seats, quantity: 2 });
  expect((await serviceRole.from('orders').update({ status: 'expired' }).eq('id', expired)).error).toBeNull();

  await openAsStaff(page, `/admin/training-programs/${programId}`);
  const intakeRow = page.getByRole('row', { name: /Upper Hill, Nairobi/ });
  // Capacity 10, seats sold 3: the expired order's 2 seats are free again.
  await expect(intakeRow.getByRole('cell', { name: '10', exact: true })).toBeVisible();
  await expect(intakeRow.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await intakeRow.getByRole('button', { name: /^Edit the intake/ }).click();
  await expect(page.getByText('At least 3: seats already sold.')).toBeVisible();
  await page.getByLabel('Capacity').fill('2');
  await page.getByRole('button', { name: 'Save intake' }).click();
  await expect(page.getByText('The capacity cannot be lower than the 3 seats already sold.')).toBeVisible();
  await page.getByLabel('Capacity').fill('3');
  await page.getByRole('button', { name: 'Save intake' }).click();
  await expectToast(page, 'Intake saved.');
  await expect(intakeRow.getByRole('cell', { name: '3', exact: true })).toHaveCount(2);

  await serviceRole.from('orders').delete().in('id', [held, expired]);
  await serviceRole.from('program_intakes').delete().eq('id', intake.data.id);
  await serviceRole.from('training_programs').delete().eq('id', programId);
});

test('a program with orders cannot be deleted: the refusal is in words and the program stays', async ({
  page,
  serviceRole,
}) => {
  const title = `E2E ordered ${unique()}`;
  const programId = await insertProgram(serviceRole, title);
  const orderId = await insertOrder(serviceRole, { programId, title });

  await openAsStaff(page, `/admin/training-programs?q=${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: `Delete training program “${title}”` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete training program' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `The program "${title}" has orders, so it cannot be deleted. Unpublish it instead.` }),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

  await serviceRole.from('orders').delete().eq('id', orderId);
  await serviceRole.from('training_programs').delete().eq('id', programId);
});

test('impact figures: added, shown on the home page, reordered with the keyboard, deleted', async ({ page }) => {
  const first = `E2E figure A ${unique()}`;
  const second = `E2E figure B ${unique()}`;
  await openAsStaff(page, '/admin/stats');
  for (const [label, value] of [
    [first, '321'],
    [second, '654'],
  ] as const) {
    await page.getByLabel('Label').fill(label);
    await page.getByLabel('Value').fill(value);
    await page.getByLabel('Suffix').fill('+');
    await page.getByLabel('Published (shown on the website)').check();
    await page.getByRole('button', { name: 'Add figure' }).click();
    await expectToast(page, `Added “${label}”.`);
  }

  const stats = page.locator('.block-stats').first();
  await onPublicPage(page, '/', async () => {
    await expect(stats.getByText(first)).toBeVisible({ timeout: 1_000 });
    await expect(stats.getByText(second)).toBeVisible({ timeout: 1_000 });
  });

  // New figures go last; move the second above the first with the keyboard only.
  await page.goto('/admin/stats');
  const up = page.getByRole('button', { name: `Move “${second}” up` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expectToast(page, `Moved “${second}” up.`);
  const labels = page.getByRole('cell', { name: /^E2E figure [AB] / });
  await expect(labels).toHaveText([second, first]);

  await onPublicPage(page, '/', async () => {
    const shown = await stats.innerText();
    expect(shown.indexOf(second)).toBeGreaterThan(-1);
    expect(shown.indexOf(second)).toBeLessThan(shown.indexOf(first));
  });

  for (const label of [first, second]) await deleteFromList(page, '/admin/stats', 'figure', label);
  await onPublicPage(page, '/', () => expect(stats.getByText(first)).toHaveCount(0, { timeout: 1_000 }));
});

test('a list keeps its search, filter, sort and page in the URL, and Escape cancels a delete', async ({ page }) => {
  await openAsStaff(page, '/admin/services');
  await page.getByLabel('Search services').fill('advisory');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=advisory/);
  await page.getByLabel('Show').selectOption('published');
  await expect(page).toHaveURL(/published=published/);
  await page.getByRole('button', { name: /^Title/ }).click();
  await expect(page).toHaveURL(/sort=title/);
  await expect(page.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');

  await page.reload();
  await expect(page.getByLabel('Search services')).toHaveValue('advisory');
  await expect(page.getByLabel('Show')).toHaveValue('published');
  await expect(page.getByRole('cell', { name: 'HR Advisory' }).first()).toBeVisible();

  const remove = page.getByRole('button', { name: /^Delete service/ }).first();
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
});

test('a long list pages through the server 20 rows at a time, the page in the URL', async ({ page, serviceRole }) => {
  const prefix = `E2E paged ${unique()}`;
  const start = new Date(Date.now() + 200 * 86_400_000).toISOString();
  const rows = Array.from({ length: 23 }, (_, index) => ({
    title: `${prefix} ${String(index + 1).padStart(2, '0')}`,
    description: 'x',
    venue: 'Nairobi',
    starts_at: start,
    ends_at: start,
  }));
  const { error } = await serviceRole.from('events').insert(rows);
  if (error) throw new Error(error.message);
  try {
    await openAsStaff(page, `/admin/events?q=${encodeURIComponent(prefix)}&sort=title`);
    await expect(page.getByText('Rows 1–20 of 23 · Page 1 of 2')).toBeVisible();
    await expect(page.getByRole('cell', { name: new RegExp(`^${prefix}`) })).toHaveCount(20);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText('Rows 21–23 of 23 · Page 2 of 2')).toBeVisible();
    await expect(page.getByRole('cell', { name: new RegExp(`^${prefix}`) })).toHaveText([
      `${prefix} 21`,
      `${prefix} 22`,
      `${prefix} 23`,
    ]);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.reload();
    await expect(page.getByText('Rows 21–23 of 23 · Page 2 of 2')).toBeVisible();

    // The CSV export holds the page shown, quoted, with a header line.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export this page (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('events.csv');
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toBe('"Title","Starts (EAT, UTC+03:00)","Ends (EAT, UTC+03:00)","Venue","Mode","Published"');
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual([
      `"${prefix} 21"`,
      `"${prefix} 22"`,
      `"${prefix} 23"`,
    ]);
  } finally {
    await serviceRole.from('events').delete().like('title', `${prefix}%`);
  }
});
