/**
 * The checkout shows the VAT inside its totals (issue 29): prices include VAT, and the part the
 * program's tax class accounts for is shown in both currencies, by domain/vat.ts's rule.
 */
import { expect, test } from './fixtures.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

test('the checkout’s totals and the order confirmation’s say how much of them is VAT', async ({
  page,
  serviceRole,
}) => {
  // Women in Leadership: KES 65,000, standard-rated (16 %) by the seed's default class.
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  // 65,000 × 16 / 116 = 8,965.517… → KES 8,965.52; in USD at 129.16 KES per USD: 69.41.
  await expect(page.getByTestId('vat-included')).toHaveText(/^USD\s69\.41 \/ KES\s8,965\.52$/);

  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, freshEmail('vat'));
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
  await expect(page.getByTestId('vat-included')).toHaveText(/^USD\s69\.41 \/ KES\s8,965\.52$/);
});
