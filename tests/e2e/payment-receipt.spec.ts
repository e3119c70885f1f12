/**
 * Issue 29's receipt for each payment, end to end: a customer pays by M-Pesa (the local Daraja
 * stand-in's phone approves); one receipt is issued for the payment, e-mailed with its PDF, and
 * listed on the order's confirmation page, where its PDF names the order, the payer, the method,
 * M-Pesa's receipt number, the amount and the balance left. Finance downloads the same receipt on
 * the order's admin page and sees it on /admin/tax-documents.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { capturedAttachment, capturedMail } from '../support/mail-capture.ts';
import { pdfText } from '../support/pdf-text.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';

const PROGRAM = 'first-time-managers'; // KES 38,000
// The mail worker runs every 2 s, beside other work on a loaded machine.
const workerWaitMs = 90_000;

test.describe.configure({ mode: 'serial' });

let finance: Account;
let orderId = '';
let receiptNumber = '';

test.beforeAll(async ({ stack, serviceRole }) => {
  await allowManyOrders(stack);
  // An admin besides: the finance member must not be the last one (the database refuses that).
  await createStaffUser(stack);
  finance = await createStaffUser(stack);
  const roles = await serviceRole
    .from('staff')
    .update({ roles: ['finance'] })
    .eq('user_id', finance.userId);
  if (roles.error) throw new Error(roles.error.message);
});

test('a customer pays by M-Pesa: one receipt, mailed with its PDF and downloadable from the order page', async ({
  page,
  serviceRole,
  stack,
}) => {
  test.setTimeout(4 * workerWaitMs);
  const email = freshEmail('payment-receipt');
  await storeCart(page, [{ program: await cartProgram(serviceRole, PROGRAM), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email, { method: 'M-Pesa (pay now on your phone)' });
  await page.getByRole('textbox', { name: /^M-Pesa phone number/ }).fill('0712 000 444');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });

  const order = await serviceRole
    .from('orders')
    .select('id, reference, mpesa_receipt, customer_name')
    .eq('customer_email', email)
    .single();
  if (order.error) throw new Error(order.error.message);
  orderId = order.data.id;
  const receipts = await serviceRole
    .from('payment_receipts')
    .select('id, document_number, method, reference, amount, balance')
    .eq('order_id', orderId);
  expect(receipts.data).toHaveLength(1);
  const receipt = receipts.data![0]!;
  receiptNumber = receipt.document_number;
  expect(receipt).toMatchObject({
    method: 'mpesa_stk',
    reference: order.data.mpesa_receipt,
    amount: 38000,
    balance: 0,
  });
  expect(receiptNumber).toMatch(/^RCT-\d{6}$/);

  // The confirmation page lists it beside the tax invoice; its PDF says what was paid and how.
  await page.reload();
  const link = page.getByRole('link', { name: `Receipt ${receiptNumber} (PDF)` });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`${receiptNumber}-receipt.pdf`);
  const text = await pdfText(new Uint8Array(await readFile(await download.path())));
  for (const expected of [
    'RECEIPT',
    `Number: ${receiptNumber}`,
    `Order: ${order.data.reference}`,
    order.data.customer_name,
    'Payment method M-Pesa (prompt on the phone)',
    `M-Pesa receipt number ${order.data.mpesa_receipt}`,
    'Amount received (KES) KES 38,000.00',
    'Balance left on the order (KES) KES 0.00',
    'not a tax invoice',
  ])
    expect(text).toContain(expected);

  // The payer's mail, with the PDF attached; one only.
  const subject = `Receipt ${receiptNumber} for your payment on Ascent order ${order.data.reference}`;
  await expect
    .poll(async () => (await capturedMail(stack.mailApiUrl, { to: email, subject })).length, { timeout: workerWaitMs })
    .toBe(1);
  const [mail] = await capturedMail(stack.mailApiUrl, { to: email, subject });
  expect(await pdfText(await capturedAttachment(stack.mailApiUrl, mail!.id, 0))).toContain(
    `M-Pesa receipt number ${order.data.mpesa_receipt}`,
  );
  const queued = await serviceRole.from('mail_outbox').select('kind').eq('payment_receipt_id', receipt.id);
  expect(queued.data).toEqual([{ kind: 'payment_receipt' }]);
});

test('finance downloads the receipt on the order page and sees it among the latest receipts', async ({ page }) => {
  test.setTimeout(2 * workerWaitMs);
  expect(receiptNumber).not.toBe('');
  await signInAsStaff(page, finance);
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Payment receipts' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `PDF of receipt ${receiptNumber}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${receiptNumber}-receipt.pdf`);
  expect(await pdfText(new Uint8Array(await readFile(await download.path())))).toContain(`Number: ${receiptNumber}`);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tax documents' }).click();
  const latest = page.getByRole('table', { name: 'The latest payment receipts' });
  await expect(latest.getByRole('rowheader', { name: receiptNumber })).toBeVisible();
});
