/**
 * Data rights (issue 28, item 3): a customer with a paid order, a pending one, an event
 * registration and an enquiry signs in (the e-mailed code), downloads their data from
 * /account/data (the JSON parsed: each kind's count is what the database holds for the address,
 * counted independently; one kind's CSV too), asks for deletion; an admin completes it in
 * /admin/data-requests; the mail is in the capture, and afterwards the address is only in the kept
 * paid order and its tax invoice. Without a session the page sends to the sign-in screen. axe on
 * both screens in both themes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Browser, Page } from '@playwright/test';
import { expect, setTheme, test } from './fixtures.ts';
import { capturedMail } from '../support/mail-capture.ts';
import { outsideKeptRecords, rowsAbout, whereTextHolds } from '../support/data-held.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { csvRows } from './support/csv.ts';
import { signInAsCustomer, signInWithCode } from './support/customer.ts';
import { allowManyRequests, makeEvent } from './support/engage.ts';
import { hydrated } from './support/hydrated.ts';
import { allowManyOrders, placeOrder } from './support/orders.ts';
import { signInAsStaff } from './support/staff.ts';
import type { StackInfo } from './support/stack-info.ts';

test.describe.configure({ mode: 'serial' });

let db: pg.Client;

test.beforeAll(async ({ stack }) => {
  await allowManyOrders(stack);
  await allowManyRequests(stack);
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
});

test.afterAll(async () => {
  await db?.end();
});

/** A customer's paid order (tax invoice issued), a pending order, a registration and an enquiry; the paid order's id. */
async function customerWithHistory(stack: StackInfo, email: string): Promise<string> {
  const paid = await placeOrder(stack, { email, paymentMethod: 'invoice' });
  await placeOrder(stack, { email: email.toUpperCase(), paymentMethod: 'invoice' });
  const { rows } = await db.query<{ id: string }>('select id from public.orders where reference = $1', [
    paid.reference,
  ]);
  const paidOrder = rows[0]!.id;
  await db.query(`update public.orders set status = 'confirmed' where id = $1`, [paidOrder]);
  await db.query(
    `update public.orders set status = 'paid', paid_at = now(), payment_reference = 'BANK-E2E',
            payment_reference_method = 'bank', payment_recorded_at = now() where id = $1`,
    [paidOrder],
  );
  const event = await makeEvent(stack, 50);
  await db.query(
    `insert into public.event_registrations (event_id, name, email, phone, seats, status, client_key, token)
     select id, 'Wanjiru Data', $2, '+254733000444', 1, 'confirmed', 'e2e', $3 from public.events where slug = $1`,
    [event.slug, email, randomUUID().replaceAll('-', '').padEnd(43, 'r')],
  );
  await db.query(
    `insert into public.enquiries (name, email, phone, topic, message, consent_text, consented_at, client_key)
     values ('Wanjiru Data', $1, '+254733000444', 'training', 'Please send the brochure.', 'consent', now(), 'e2e')`,
    [email],
  );
  return paidOrder;
}

async function expectNoViolations(page: Page, theme: 'light' | 'dark', where: string) {
  const scan = theme === 'light' ? scanAllRules : scanThemeDependentRules;
  const results = await scan(page);
  expect(results.violations, `${where}\n${describeViolations(results.violations)}`).toEqual([]);
}

async function staffPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('without a session, /account/data sends to the sign-in screen and back', async ({ page, stack }) => {
  await page.goto('/account/data');
  await expect(page).toHaveURL(/\/account\/sign-in\?next=%2Faccount%2Fdata$/);
  const email = `back-${randomBytes(4).toString('hex')}@example.com`;
  await signInWithCode(page, stack, email, {
    path: new URL(page.url()).pathname + new URL(page.url()).search,
    lands: /\/account\/data$/,
  });
  await expect(page.getByRole('button', { name: 'Download everything (JSON)' })).toBeVisible();
});

test('a customer downloads everything held about them, asks for deletion; an admin completes it', async ({
  page,
  browser,
  stack,
}) => {
  test.setTimeout(180_000);
  const email = `data-rights-${randomBytes(4).toString('hex')}@example.co.ke`;
  const paidOrder = await customerWithHistory(stack, email);
  await signInAsCustomer(page, stack, email);

  await page.goto('/account/data');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  await expect(page.getByText(`What Ascent holds about ${email}`)).toBeVisible();

  // The JSON: every kind holds what the database holds for the address.
  const held = await rowsAbout(db, email);
  expect(held).toMatchObject({ orders: 2, event_registrations: 1, enquiries: 1, tax_documents: 1 });
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download everything (JSON)' }).click(),
  ]);
  const data = JSON.parse(await readFile(await json.path(), 'utf8')) as Record<string, unknown[]> & { email: string };
  expect(data.email).toBe(email);
  for (const [kind, count] of Object.entries(held))
    expect({ kind, count: data[kind]?.length }).toEqual({ kind, count });
  expect(data.audit_log!.length).toBeGreaterThan(0);

  // One kind as CSV: the orders, one line each.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV: Orders' }).click(),
  ]);
  const orders = await csvRows(csv);
  expect(orders.map((row) => row.customer_email!.toLowerCase())).toEqual([email, email]);

  await page.getByRole('button', { name: 'Delete my data' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We received your request on' })).toBeVisible();
  // Asking again is answered with the same request (the page shows it; the database holds one).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Delete my data' })).toHaveCount(0);
  const open = await db.query('select id from public.data_erasure_requests where email = $1', [email]);
  expect(open.rowCount).toBe(1);

  const admin = await staffPage(browser, stack.webUrl);
  try {
    await signInAsStaff(admin);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Data requests' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Data requests' })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Complete the request of ${email}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Erase and complete' }).click();
    await expect(
      admin
        .getByRole('status')
        .filter({ hasText: `Completed the request of ${email}` })
        .first(),
    ).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  } finally {
    await admin.context().close();
  }

  // The person is told, with what is kept and until when.
  const reference = (
    await db.query<{ reference: string }>('select reference from public.orders where id = $1', [paidOrder])
  ).rows[0]!.reference;
  await expect
    .poll(
      async () =>
        (await capturedMail(stack.mailApiUrl, { to: email, subject: 'Your data has been deleted: Ascent' })).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(1);
  const [mail] = await capturedMail(stack.mailApiUrl, { to: email, subject: 'Your data has been deleted: Ascent' });
  expect(mail!.text).toContain(
    `We keep the paid orders ${reference} and their invoices until 31 Dec ${new Date().getFullYear() + 5}`,
  );

  // Afterwards the address is only in the kept paid order, its invoice and their history.
  await expect
    .poll(async () => (await whereTextHolds(db, email)).filter((hit) => hit.startsWith('public.mail_outbox')))
    .toEqual([]);
  const hits = await whereTextHolds(db, email);
  expect(await outsideKeptRecords(db, hits, [paidOrder])).toEqual([]);
  expect(hits).toContain(`public.orders.customer_email:${paidOrder}`);
  expect(await rowsAbout(db, email)).toMatchObject({
    orders: 1,
    event_registrations: 0,
    enquiries: 0,
    tax_documents: 1,
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on /account/data and /admin/data-requests (${theme})`, async ({
    page,
    browser,
    stack,
  }) => {
    test.setTimeout(90_000);
    const email = `data-axe-${randomBytes(4).toString('hex')}@example.co.ke`;
    await placeOrder(stack, { email, paymentMethod: 'invoice' });
    await signInAsCustomer(page, stack, email);
    await setTheme(page, theme);
    await page.goto('/account/data');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Delete my data' })).toBeVisible();
    await expectNoViolations(page, theme, '/account/data');
    await page.getByRole('button', { name: 'Delete my data' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We received your request on' })).toBeVisible();
    await expectNoViolations(page, theme, '/account/data (requested)');

    // An overdue request too, so the highlighted row is scanned.
    await db.query(`update public.data_erasure_requests set due_by = now() - interval '1 day' where email = $1`, [
      email,
    ]);
    const admin = await staffPage(browser, stack.webUrl);
    try {
      await setTheme(admin, theme);
      await signInAsStaff(admin);
      await admin.goto('/admin/data-requests');
      const row = admin.getByRole('row').filter({ hasText: email });
      await expect(row.getByText('Overdue')).toBeVisible();
      await expectNoViolations(admin, theme, '/admin/data-requests');
      await row.getByRole('button', { name: `Complete the request of ${email}` }).click();
      await expect(admin.getByRole('dialog')).toBeVisible();
      await expectNoViolations(admin, theme, '/admin/data-requests (confirming)');
    } finally {
      await admin.context().close();
      await db.query(`delete from public.data_erasure_requests where email = $1`, [email]);
    }
  });
}
