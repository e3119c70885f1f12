/**
 * Every view of an order follows its state (issue 22, items 1 and 5): paying on the phone turns
 * the whole confirmation page to "Paid" without a reload (no Paybill instructions, no code form
 * left to pay twice with), the choice is named as made (page, e-mails, admin), and a change staff
 * make (here: a cancellation) reaches an open page in words, and the customer's inbox.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect, test } from './fixtures.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders, mailsTo, placeOrder } from './support/orders.ts';
import { createStaffUser, signInAsStaff } from './support/staff.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

const phonePrompt = 'M-Pesa (pay now on your phone)';

/** The confirmation page's "Status" and "Payment" facts. */
const fact = (page: import('@playwright/test').Page, term: string) =>
  page
    .locator('.confirmation__facts div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

test('paid on the phone: the whole page, the e-mails and the admin follow, without a reload', async ({
  page,
  stack,
  serviceRole,
}) => {
  const email = freshEmail('order-state-paid');
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email, { method: phonePrompt });
  await page.getByRole('textbox', { name: /^M-Pesa phone number/ }).fill('0712 000 111');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });

  await expect(fact(page, 'Payment')).toHaveText(phonePrompt);
  // The prompt is the way to pay: no Paybill steps and no code form beside it.
  await expect(page.getByText('Pay Bill', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Paid with M-Pesa?' })).toHaveCount(0);

  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 10_000 });
  // The rest of the page follows by itself.
  await expect(fact(page, 'Status')).toHaveText('Paid', { timeout: 10_000 });
  await expect(page.getByText('Awaiting payment')).toHaveCount(0);
  await expect(page.getByText(/Your order is paid/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Send the code|Send the payment request/ })).toHaveCount(0);

  // The e-mails name the choice as made and never ask for the Paybill: the order's, the payment's
  // and the paid order's receipt and tax invoice (sent once eTIMS has registered it).
  await expect
    .poll(async () => (await mailsTo(stack, email)).map((m) => m.subject).sort(), { timeout: 30_000 })
    .toEqual([
      expect.stringMatching(/^Payment received for your Ascent order ASC-/),
      expect.stringMatching(/^Receipt RCT-\d+ for your payment on Ascent order ASC-/),
      expect.stringMatching(/^Tax invoice INV-\d+ for your Ascent order ASC-/),
      expect.stringMatching(/^Your Ascent order ASC-/),
    ]);
  for (const mail of await mailsTo(stack, email)) expect(mail.text).not.toContain('Paybill');

  // The admin order page says what the customer chose.
  const { data: order } = await serviceRole.from('orders').select('id').eq('customer_email', email).single();
  await signInAsStaff(page);
  await page.goto(`/admin/orders/${order!.id}`);
  const chose = page.locator('dt', { hasText: 'Customer chose' }).locator('xpath=following-sibling::dd[1]');
  await expect(chose).toHaveText(phonePrompt);
});

test('an order staff cancel: the open page says so in words, and the customer is told by e-mail', async ({
  page,
  stack,
}) => {
  const email = freshEmail('order-state-cancelled');
  const { token, reference } = await placeOrder(stack, { paymentMethod: 'invoice', email });
  await openHydrated(page, `/order-confirmation?token=${token}`);
  await expect(fact(page, 'Status')).toHaveText('Awaiting payment');
  await expect(page.getByText(/We hold your seats until .+ EAT/)).toBeVisible();

  // Staff cancel it (as the admin's set_order_status does, under a staff member's claims).
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const staffId = (await createStaffUser(stack)).userId;
    // Staff rights need an open session that passed the second factor (aal2).
    const sessionId = randomUUID();
    const admin = new pg.Client({ connectionString: stack.adminDatabaseUrl });
    await admin.connect();
    await admin.query('insert into auth.sessions (id, user_id, aal) values ($1, $2, $3)', [sessionId, staffId, 'aal2']);
    await admin.end();
    await db.query('begin');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: staffId, role: 'authenticated', aal: 'aal2', session_id: sessionId }),
    ]);
    await db.query(`select public.set_order_status(o.id, 'cancelled') from public.orders o where o.reference = $1`, [
      reference,
    ]);
    await db.query('commit');
  } finally {
    await db.end();
  }

  // No reload: the page learns it and says it.
  await expect(fact(page, 'Status')).toHaveText('Cancelled', { timeout: 15_000 });
  await expect(
    page.getByText(/This order was cancelled on .+ EAT\. Its seats are released and nothing is due\./),
  ).toBeVisible();
  await expect(page.getByText(/Thank you/)).toHaveCount(0);
  await expect(page.getByText(/We have e-mailed this confirmation/)).toHaveCount(0);
  await expect
    .poll(async () => (await mailsTo(stack, email)).map((m) => m.subject).sort(), { timeout: 30_000 })
    .toEqual([`Your Ascent order ${reference}`, `Your Ascent order ${reference} is cancelled`]);
});
