/**
 * M-Pesa Express in a real browser against the stack and the Daraja stand-in: checkout with
 * "M-Pesa (pay now on your phone)", the confirmation page showing "Check your phone" and then the
 * payment with its receipt, live; and a cancelled prompt followed by a successful "Try again".
 */
import { expect, test } from './fixtures.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

const method = 'M-Pesa (pay now on your phone)';

async function checkoutWithMpesa(page: import('@playwright/test').Page, phone: string, email: string) {
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email, { method });
  await page.getByRole('textbox', { name: /^M-Pesa phone number/ }).fill(phone);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
}

test('pay now on your phone: the prompt, then paid with the receipt, without a reload', async ({
  page,
  serviceRole,
}) => {
  const email = freshEmail('mpesa-paid');
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email, { method });
  // A number M-Pesa cannot push to is refused beside its field.
  const phone = page.getByRole('textbox', { name: /^M-Pesa phone number/ });
  await phone.fill('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAccessibleDescription(/Please enter a Kenyan M-Pesa number/);
  await phone.fill('0712 000 111');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });

  await expect(page.getByRole('heading', { name: 'Check your phone to approve the payment' })).toBeVisible();
  await expect(page.getByText(/We sent a payment request for KES 65,000 to 2547\*{4}0111/)).toBeVisible();
  // The simulated phone approves after about 2 s; the page learns it by itself.
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 8_000 });
  const receipt = (await page.getByTestId('mpesa-receipt').textContent()) ?? '';
  expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
  const { data, error } = await serviceRole
    .from('orders')
    .select('status, mpesa_receipt')
    .eq('customer_email', email)
    .single();
  if (error) throw new Error(error.message);
  expect(data).toEqual({ status: 'paid', mpesa_receipt: receipt });
  // A reload shows the same, and sends no second prompt.
  await page.reload();
  await expect(page.getByTestId('mpesa-receipt')).toHaveText(receipt);
  expect(await attempts(serviceRole, email)).toBe(1);
});

async function attempts(serviceRole: Parameters<typeof cartProgram>[0], email: string): Promise<number> {
  const { data, error } = await serviceRole
    .from('orders')
    .select('mpesa_payment_attempts(id)')
    .eq('customer_email', email)
    .single();
  if (error) throw new Error(error.message);
  return data.mpesa_payment_attempts.length;
}

test('a cancelled prompt, then a successful try again', async ({ page, serviceRole }) => {
  const email = freshEmail('mpesa-retry');
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  // The stand-in's test number for "Request cancelled by user" (1032).
  await checkoutWithMpesa(page, '0700 001 032', email);
  await expect(page.getByRole('heading', { name: 'Check your phone to approve the payment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The payment did not go through' })).toBeVisible({ timeout: 8_000 });
  await expect(page.getByText('You cancelled the payment on your phone.')).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'M-Pesa phone number' });
  await expect(phone).toHaveValue('0700 001 032');
  await phone.fill('0712 000 222');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone to approve the payment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 8_000 });
  await expect(page.getByTestId('mpesa-receipt')).toHaveText(/^[A-Z0-9]{10}$/);
  expect(await attempts(serviceRole, email)).toBe(2);
});
