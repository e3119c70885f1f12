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

test('the cart’s totals say how much of them is VAT, by each program’s class', async ({ page, serviceRole }) => {
  // 65,000 × 16 / 116 = KES 8,965.52 (USD 69.41 at 129.16), as at checkout.
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  await openHydrated(page, '/cart');
  await expect(page.getByTestId('vat-included')).toHaveText(/^USD\s69\.41 \/ KES\s8,965\.52$/);
  // Two seats: twice the VAT, split per line.
  await page.getByRole('button', { name: 'One seat more: Women in Leadership' }).click();
  await expect(page.getByTestId('vat-included')).toHaveText(/^USD\s138\.83 \/ KES\s17,931\.03$/);
});

test('the cart’s VAT is refused in words for malformed lines, and is not guessed for an unknown program', async ({
  request,
}) => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  for (const query of [
    'line=',
    'line=nonsense',
    `line=${unknown}:0:100:USD`,
    `line=${unknown}:1:1e9:USD`,
    `line=${unknown}:1:100:EUR`,
  ]) {
    const response = await request.get(`/checkout/prices?${query}`);
    expect(response.status(), query).toBe(400);
    expect((await response.json()).error, query).toMatch(/line/);
  }
  const many = await request.get(
    `/checkout/prices?${Array.from({ length: 21 }, () => `line=${unknown}:1:100:USD`).join('&')}`,
  );
  expect(many.status()).toBe(400);
  const answer = await request.get(`/checkout/prices?line=${unknown}:1:100:USD`);
  expect(answer.headers()['cache-control']).toMatch(/no-store/);
  expect(await answer.json()).toEqual({ vat: null });
});
