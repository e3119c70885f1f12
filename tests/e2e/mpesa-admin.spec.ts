/**
 * The staff view of M-Pesa payments in a real browser against the stack and the Daraja stand-in:
 * an order's attempts after a cancelled prompt and a successful one (phones masked), the orders
 * list's paid-by-M-Pesa filter in the URL, the keyboard re-query of a prompt whose callback never
 * came, and axe on the order page with attempts in both themes. The customer's prompts go through
 * the real mpesa-stk-push function, as the confirmation page sends them.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { expect, setTheme, test, type StackInfo } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { allowManyOrders, placeOrder } from './support/orders.ts';
import { createStaffUser, signInAsStaff } from './support/staff.ts';

type ServiceRole = SupabaseClient<Database>;

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

/** The customer's "send the prompt" (what the confirmation page posts), until the stand-in takes it. */
async function customerPushes(stack: StackInfo, token: string, phone: string): Promise<void> {
  // Another spec may be prompting the same test number: the stand-in then answers "Unable to
  // lock subscriber" until that phone has answered, as Daraja does.
  await expect(async () => {
    const response = await fetch(`${stack.apiUrl}/functions/v1/mpesa-stk-push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.anonKey}`, apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ token, phone }),
    });
    expect(response.status, await response.text()).toBe(200);
  }).toPass({ timeout: 15_000 });
}

async function orderByReference(serviceRole: ServiceRole, reference: string) {
  const { data, error } = await serviceRole
    .from('orders')
    .select('id, status, mpesa_receipt, mpesa_payment_attempts(phone, status, result_code, receipt, settled_by)')
    .eq('reference', reference)
    .order('requested_at', { referencedTable: 'mpesa_payment_attempts', ascending: false })
    .single();
  if (error) throw new Error(error.message);
  return data;
}

/** Waits until the newest attempt of the order has the status (the stand-in's phone answers in ~2 s). */
async function newestAttemptIs(serviceRole: ServiceRole, reference: string, status: string) {
  await expect
    .poll(async () => (await orderByReference(serviceRole, reference)).mpesa_payment_attempts[0]?.status, {
      timeout: 10_000,
    })
    .toBe(status);
}

async function openOrder(page: Page, id: string, reference: string) {
  await page.goto(`/admin/orders/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
}

test('staff see the attempts of an order cancelled on the phone, then paid', async ({ page, stack, serviceRole }) => {
  const { reference, token } = await placeOrder(stack, { paymentMethod: 'mpesa' });
  // The stand-in's number for "Request cancelled by user" (1032), then an approving phone.
  await customerPushes(stack, token, '0700 001 032');
  await newestAttemptIs(serviceRole, reference, 'failed');
  await customerPushes(stack, token, '0712 000 333');
  await newestAttemptIs(serviceRole, reference, 'succeeded');
  const order = await orderByReference(serviceRole, reference);
  const receipt = order.mpesa_payment_attempts[0]?.receipt ?? '';
  expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
  expect(order.status).toBe('paid');

  await signInAsStaff(page, await createStaffUser(stack));
  await openOrder(page, order.id, reference);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  const section = page.getByRole('region', { name: 'Payment attempts' });
  const rows = section.getByRole('table', { name: /M-Pesa payment prompts/ }).getByRole('row');
  await expect(rows).toHaveCount(3);
  // Newest first: the paid prompt, then the cancelled one; phones masked, no way to re-query either.
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    /\d{2}:\d{2}/,
    '2547****0333',
    /^KES\s[\d,]+$/,
    /^0: /,
    receipt,
    /^Paid.*by M-Pesa’s callback$/,
  ]);
  await expect(rows.nth(2).getByRole('cell')).toHaveText([
    /\d{2}:\d{2}/,
    '2547****1032',
    /^KES\s[\d,]+$/,
    '1032: Request cancelled by user',
    '—',
    /^Failed.*by M-Pesa’s callback$/,
  ]);
  await expect(section.getByRole('button', { name: 'Check with M-Pesa' })).toHaveCount(0);
  // The full numbers never reach the staff member's browser.
  await expect(page.locator('body')).not.toContainText('254712000333');
  await expect(page.locator('body')).not.toContainText('254700001032');
  await expect(page.getByRole('region', { name: 'Payment', exact: true })).toContainText(`M-Pesa receipt${receipt}`);
});

test('the orders list filters the orders paid by M-Pesa, in the URL', async ({ page, stack, serviceRole }) => {
  const tag = `mpesa-filter-${randomBytes(4).toString('hex')}`;
  const paid = await placeOrder(stack, { paymentMethod: 'mpesa', email: `${tag}-paid@example.com` });
  const declined = await placeOrder(stack, { paymentMethod: 'mpesa', email: `${tag}-declined@example.com` });
  const invoice = await placeOrder(stack, { paymentMethod: 'invoice', email: `${tag}-invoice@example.com` });
  await customerPushes(stack, paid.token, '0712 000 444');
  // Insufficient funds (1): an attempt, but no payment.
  await customerPushes(stack, declined.token, '0700 000 001');
  await newestAttemptIs(serviceRole, paid.reference, 'succeeded');
  await newestAttemptIs(serviceRole, declined.reference, 'failed');

  await signInAsStaff(page, await createStaffUser(stack));
  await page.goto(`/admin/orders?q=${tag}`);
  const table = page.getByRole('table', { name: 'Orders' });
  for (const { reference } of [paid, declined, invoice]) {
    await expect(table.getByRole('link', { name: reference })).toBeVisible();
  }
  await page.getByLabel('Payment').selectOption('Paid by M-Pesa');
  await expect(page).toHaveURL(/[?&]paid=mpesa(&|$)/);
  await expect(table.getByRole('link', { name: declined.reference })).toHaveCount(0);
  await expect(table.getByRole('link', { name: invoice.reference })).toHaveCount(0);
  await expect(table.getByRole('link', { name: paid.reference })).toBeVisible();
  // The filter survives a reload (it is the URL), and "Any" brings the others back.
  await page.reload();
  await expect(page.getByLabel('Payment')).toHaveValue('mpesa');
  await expect(table.getByRole('link', { name: paid.reference })).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(1);
  await page.getByLabel('Payment').selectOption('Any');
  await expect(page).not.toHaveURL(/paid=/);
  await expect(table.getByRole('link', { name: invoice.reference })).toBeVisible();
});

test('a prompt whose callback never came is settled by "Check with M-Pesa", by keyboard', async ({
  page,
  stack,
  serviceRole,
}) => {
  const { reference, token } = await placeOrder(stack, { paymentMethod: 'mpesa' });
  // 0700 009 999: the phone approves but the stand-in never calls back.
  await customerPushes(stack, token, '0700 009 999');
  await newestAttemptIs(serviceRole, reference, 'pending');
  const { id } = await orderByReference(serviceRole, reference);

  await signInAsStaff(page, await createStaffUser(stack));
  await openOrder(page, id, reference);
  await expect(page.getByTestId('order-status')).toHaveText('Pending');
  const section = page.getByRole('region', { name: 'Payment attempts' });
  await expect(section.getByRole('row').nth(1)).toContainText('Waiting for the customer');
  const check = section.getByRole('button', { name: 'Check with M-Pesa' });
  for (let i = 0; i < 40 && !(await check.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(check).toBeFocused();
  // Until the simulated phone has answered, M-Pesa says it is still processing: ask again.
  const answer = section.getByRole('status');
  await expect(async () => {
    if ((await check.count()) > 0) {
      await check.focus();
      await page.keyboard.press('Enter');
    }
    await expect(answer).toHaveText('M-Pesa confirmed the payment: the order is paid.', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(section.getByRole('row').nth(1)).toContainText(/Paid.*by a status check/);
  await expect(check).toHaveCount(0);
  const order = await orderByReference(serviceRole, reference);
  expect(order.status).toBe('paid');
  expect(order.mpesa_payment_attempts).toMatchObject([{ status: 'succeeded', settled_by: 'query', result_code: 0 }]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on an order page with M-Pesa attempts (${theme})`, async ({
    page,
    stack,
    serviceRole,
  }) => {
    const { reference, token } = await placeOrder(stack, { paymentMethod: 'mpesa' });
    // Wrong PIN (2001), then a prompt left open: a failed row and one with "Check with M-Pesa".
    await customerPushes(stack, token, '0700 002 001');
    await newestAttemptIs(serviceRole, reference, 'failed');
    await customerPushes(stack, token, '0700 009 999');
    await newestAttemptIs(serviceRole, reference, 'pending');
    const { id } = await orderByReference(serviceRole, reference);

    await signInAsStaff(page, await createStaffUser(stack));
    await setTheme(page, theme);
    await openOrder(page, id, reference);
    await expect(page.getByRole('button', { name: 'Check with M-Pesa' })).toBeVisible();
    await expect(page.getByText('2001: The initiator information is invalid.')).toBeVisible();
    const results = theme === 'light' ? await scanAllRules(page) : await scanThemeDependentRules(page);
    expect(results.violations, describeViolations(results.violations)).toEqual([]);
  });
}
