/**
 * The admin operations screens in a real browser against the whole stack, as a staff member:
 * an order confirmed then paid; a cancelled order freeing its seat on the public program page;
 * the orders and subscribers CSV exports parsed and checked; removing a subscriber; the screens
 * used by keyboard alone; axe on each screen in both themes. Each test works on rows it makes.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import Papa from 'papaparse';
import pg from 'pg';
import type { Database } from '../../supabase/database.types.ts';
import { expect, setTheme, test } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { allowManyOrders, placeOrder } from './support/orders.ts';
import { createStaffUser, signInAsStaff } from './support/staff.ts';

test.beforeAll(async ({ stack }) => {
  await allowManyOrders(stack);
});

test.beforeEach(async ({ page, stack }) => {
  await signInAsStaff(page, await createStaffUser(stack));
});

async function orderId(serviceRole: SupabaseClient<Database>, reference: string) {
  const { data, error } = await serviceRole.from('orders').select('id, status').eq('reference', reference).single();
  if (error) throw new Error(error.message);
  return data;
}

/** Rows of a downloaded CSV (header line as keys), as a spreadsheet would read them. */
async function csvRows(download: Download): Promise<Record<string, string>[]> {
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

async function openOrder(page: Page, id: string) {
  await page.goto(`/admin/orders/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Order ASC-/ })).toBeVisible();
}

test('an order is confirmed, refused "paid" until its payment is recorded, then paid', async ({
  page,
  stack,
  serviceRole,
}) => {
  const { reference } = await placeOrder(stack, { paymentMethod: 'invoice' });
  const { id } = await orderId(serviceRole, reference);

  await page.goto(`/admin/orders?q=${reference}`);
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Pending');

  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  expect((await orderId(serviceRole, reference)).status).toBe('confirmed');

  // The database refuses "paid" without evidence: said in words, nothing changes.
  await page.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Record the payment reference' })).toBeVisible();
  expect((await orderId(serviceRole, reference)).status).toBe('confirmed');

  // A refused reference keeps what was typed.
  await page.getByLabel('Paid by').selectOption('mpesa');
  await page.getByLabel('Reference').fill('QJK7');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'An M-Pesa reference is 10 letters and digits' }),
  ).toBeVisible();
  await expect(page.getByLabel('Reference')).toHaveValue('QJK7');

  await page.getByLabel('Paid by').selectOption('bank');
  await page.getByLabel('Reference').fill('FT26328 KCB');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('payment-reference')).toContainText('FT26328 KCB (bank');

  await page.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  // Paid is final but for a refund, which credits the tax invoice.
  await expect(page.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel and credit' })).toBeVisible();
  const row = await serviceRole.from('orders').select('status, payment_reference').eq('id', id).single();
  expect(row.data).toEqual({ status: 'paid', payment_reference: 'FT26328 KCB' });
  // The order's page shows its history from the audit log: the staff member's changes, newest first.
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').filter({ hasText: 'changed this record' }).first()).toContainText(
    'status',
  );
  await expect(history.getByRole('listitem').filter({ hasText: 'payment_reference' })).not.toHaveCount(0);
});

test("cancelling an order frees its seat on the program's public page", async ({ page, stack, serviceRole }) => {
  const tag = randomBytes(4).toString('hex');
  const program = await serviceRole
    .from('training_programs')
    .insert({
      title: `Cancellation test ${tag}`,
      slug: `cancellation-test-${tag}`,
      category: 'Testing',
      focus: 'Seats',
      description: 'Made by the admin orders spec.',
      duration: '1 day',
      price_amount: 90,
      currency: 'USD',
      is_published: true,
    })
    .select('id, slug')
    .single();
  if (program.error) throw new Error(program.error.message);
  const startsOn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const intake = await serviceRole
    .from('program_intakes')
    .insert({
      program_id: program.data.id,
      starts_on: startsOn,
      ends_on: startsOn,
      is_online: true,
      capacity: 1,
      is_published: true,
    })
    .select('id')
    .single();
  if (intake.error) throw new Error(intake.error.message);
  const { reference } = await placeOrder(stack, { slug: program.data.slug, paymentMethod: 'invoice' });
  const { id } = await orderId(serviceRole, reference);

  const seats = page.locator('.intake__seats');
  // The program page is cached for a few seconds: reload until it shows the current seats.
  const seatsShown = async () => {
    await page.goto(`/training/${program.data.slug}`);
    return seats.first().textContent();
  };
  // The unpaid order holds the seat: it may come back, and the page says so.
  await expect.poll(seatsShown, { timeout: 15_000 }).toBe('Full (1 on hold)');

  await openOrder(page, id);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${reference}?` });
  await expect(dialog).toContainText('Its 1 seat is released');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');

  await expect.poll(seatsShown, { timeout: 15_000 }).toBe('1 seat left');
});

test('the orders CSV holds exactly the orders the search found', async ({ page, stack }) => {
  const organisation = `CSV Org ${randomBytes(4).toString('hex')}`;
  const emails = [
    `csv-a-${randomBytes(3).toString('hex')}@example.com`,
    `csv-b-${randomBytes(3).toString('hex')}@example.com`,
  ];
  const placed = [];
  for (const email of emails) placed.push(await placeOrder(stack, { email, paymentMethod: 'invoice' }));
  // placeOrder's organisation is shared by many orders: give these two their own (as postgres:
  // no API role may edit an order's customer details).
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query('update public.orders set organisation = $1 where reference = any($2)', [
      organisation,
      placed.map((p) => p.reference),
    ]);
  } finally {
    await db.end();
  }

  await page.goto(`/admin/orders?q=${encodeURIComponent(organisation)}`);
  await expect(page.getByRole('status').filter({ hasText: 'Rows 1–2 of 2' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await csvRows(download);
  expect(rows.map((r) => r.Reference).sort()).toEqual(placed.map((p) => p.reference).sort());
  for (const row of rows) {
    expect(row).toMatchObject({ Status: 'pending', Organisation: organisation, 'Payment method': 'invoice' });
    expect(emails).toContain(row['E-mail']);
    expect(Number(row['Total USD'])).toBeGreaterThan(0);
  }

  // The status filter narrows the same search (on the server, kept in the URL).
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByText('No orders match.')).toBeVisible();
  await page.getByLabel('Status').selectOption('pending');
  await expect(page.getByRole('status').filter({ hasText: 'Rows 1–2 of 2' })).toBeVisible();
});

test('subscribers: searched, exported as CSV, and one removed after a confirmation naming it', async ({
  page,
  serviceRole,
}) => {
  const tag = randomBytes(4).toString('hex');
  const emails = [`sub-${tag}-a@example.com`, `sub-${tag}-b@example.com`];
  const insert = await serviceRole
    .from('newsletter_subscribers')
    .insert(emails.map((email) => ({ email, source: 'e2e' })));
  expect(insert.error).toBeNull();

  await page.goto(`/admin/subscribers?q=${tag}`);
  await expect(page.getByRole('cell', { name: emails[0], exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = await csvRows(download);
  expect(rows.map((r) => r['E-mail']).sort()).toEqual(emails);
  expect(
    rows.every((r) => r.Source === 'e2e' && !Number.isNaN(Date.parse(r['Subscribed at (EAT, UTC+03:00)'] ?? ''))),
  ).toBe(true);

  await page.getByRole('button', { name: `Remove ${emails[0]}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove the subscriber “${emails[0]}”?` });
  await dialog.getByRole('button', { name: 'Remove subscriber' }).click();
  await expect(page.getByRole('cell', { name: emails[0], exact: true })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: emails[1], exact: true })).toBeVisible();
  const left = await serviceRole.from('newsletter_subscribers').select('email').in('email', emails);
  expect(left.data).toEqual([{ email: emails[1] }]);
});

test('the orders screens work by keyboard alone', async ({ page, stack, serviceRole }) => {
  const { reference } = await placeOrder(stack, { paymentMethod: 'invoice' });
  await page.goto('/admin/orders');
  const search = page.getByLabel('Search reference, e-mail or organisation');
  await expect(search).toBeVisible();
  await search.focus();
  await page.keyboard.type(reference);
  await page.keyboard.press('Enter');
  // The search's results replace the list (the order may be on its first page already): focus
  // the link only once they show, or the focused element can be the one replaced.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${reference}(&|$)`));
  await expect(page.getByText(/^Rows 1–1 of 1\b/)).toBeVisible();
  const link = page.getByRole('link', { name: reference });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();

  // Tab reaches Cancel order; its dialog opens on Keep order and Escape leaves the order as it was.
  const cancel = page.getByRole('button', { name: 'Cancel order' });
  for (let i = 0; i < 30 && !(await cancel.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Cancel order ${reference}?` });
  await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await orderId(serviceRole, reference)).status).toBe('pending');

  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Confirm order' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  await expect.poll(async () => (await orderId(serviceRole, reference)).status).toBe('confirmed');
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on the admin operations screens (${theme})`, async ({ page, stack, serviceRole }) => {
    const { reference } = await placeOrder(stack, { paymentMethod: 'mpesa' });
    const { id } = await orderId(serviceRole, reference);
    await setTheme(page, theme);
    const screens: Array<[string, RegExp | string]> = [
      ['/admin', 'Orders and sign-ups per week'],
      ['/admin/orders', 'Orders'],
      [`/admin/orders/${id}`, `Order ${reference}`],
      ['/admin/subscribers', 'Newsletter subscribers'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      const results = theme === 'light' ? await scanAllRules(page) : await scanThemeDependentRules(page);
      expect(results.violations, `${path}\n${describeViolations(results.violations)}`).toEqual([]);
    }
  });
}
