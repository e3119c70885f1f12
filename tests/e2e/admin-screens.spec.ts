/**
 * The staff screens' words: one page-title format, a cancel-order dialog whose way back is not
 * also called "Cancel", an order's history naming the customer, the dashboard's weeks in words,
 * a refusal that goes once its cause is fixed, and no "Replace the payment reference" on a paid order.
 */
import { expect, test } from './fixtures.ts';
import { allowManyOrders, placeOrder } from './support/orders.ts';
import { signInAsStaff } from './support/staff.ts';

test('every admin page title has the one format "<page> · Ascent admin"', async ({ page }) => {
  await signInAsStaff(page);
  const pages: [string, string][] = [
    ['/admin', 'Dashboard'],
    ['/admin/stats', 'Stats'],
    ['/admin/orders', 'Orders'],
    ['/admin/audit', 'Audit log'],
    ['/admin/training-programs', 'Training programs'],
    ['/admin/no-such-screen', 'Page not found'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · Ascent admin`);
  }
});

test('the dashboard names its weeks in words, not raw dates', async ({ page }) => {
  await signInAsStaff(page);
  await page.getByText('The figures per week').click();
  const firstWeek = page.locator('.dashboard__table tbody tr').first().locator('td').first();
  await expect(firstWeek).toHaveText(/^\d{1,2}( \w{3,4}( \d{4})?)?\s?–\s?\d{1,2} \w{3,4} \d{4}$/);
  await expect(page.getByRole('columnheader', { name: 'Week', exact: true })).toBeVisible();
});

test('an order: the customer named in its history, "Keep order" beside "Cancel order", a refusal gone once the reference is recorded, and no replacing the reference once paid', async ({
  page,
  stack,
  serviceRole,
}) => {
  await allowManyOrders(stack);
  const placed = await placeOrder(stack, { paymentMethod: 'invoice' });
  const { data: order, error } = await serviceRole
    .from('orders')
    .select('id')
    .eq('reference', placed.reference)
    .single();
  if (error) throw new Error(error.message);
  await signInAsStaff(page);
  await page.goto(`/admin/orders/${order.id}`);

  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').filter({ hasText: 'the customer created this record' })).toHaveCount(1);
  await expect(history).not.toContainText('a script');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${placed.reference}?` });
  await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  await page.getByRole('button', { name: 'Mark as paid' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Record the payment reference' });
  await expect(refusal).toBeVisible();

  const form = page.getByRole('group', { name: 'Record the payment reference' });
  await form.getByLabel('Reference').fill('FT-E2E-4411');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('payment-reference')).toContainText('FT-E2E-4411');
  await expect(refusal).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByRole('group', { name: /payment reference/ })).toHaveCount(0);
});
