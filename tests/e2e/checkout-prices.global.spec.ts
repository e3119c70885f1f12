/**
 * Prices and programs that change while a customer checks out (project `global-state`: they
 * change what every visitor sees, on a stack of their own). Placing the order re-reads them first:
 * a changed price is shown and the order waits for the customer, never charged silently; a program
 * taken off sale must leave the cart.
 */
import { expect, test } from './fixtures.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

const slug = 'executive-leadership-programme';

test('a price changed after the page opened is shown, and the order waits for the customer', async ({
  page,
  serviceRole,
}) => {
  const program = await cartProgram(serviceRole, slug);
  expect(program.price).toBe('USD 1,250');
  const setPrice = async (amount: number) => {
    const { error } = await serviceRole.from('training_programs').update({ price_amount: amount }).eq('slug', slug);
    expect(error).toBeNull();
  };
  try {
    const email = freshEmail('price');
    await storeCart(page, [{ program, quantity: 1 }]);
    await openHydrated(page, '/checkout');
    await expect(page.getByTestId('total-usd')).toHaveText(/^USD\s1,250\.00$/);
    await page.getByRole('button', { name: 'Continue to your details' }).click();
    await fillDetails(page, email);
    await setPrice(1300);
    await page.getByRole('button', { name: 'Place order' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Prices changed since this page opened' });
    await expect(alert).toHaveText(
      /^Prices changed since this page opened: Executive Leadership Programme: now USD\s1,300 \(was USD\s1,250\)\. Please check your order and place it again\.$/,
    );
    await expect(alert).toBeFocused();
    // The review shows today's price and totals; nothing was ordered.
    await expect(page.getByTestId('total-usd').first()).toHaveText(/^USD\s1,300\.00$/);
    await expect(page.locator('.review-line')).toContainText(/it is now USD\s1,300 \(was USD\s1,250\)/);
    const { data: none } = await serviceRole.from('orders').select('id').eq('customer_email', email);
    expect(none).toEqual([]);

    // Placed again, at the price shown.
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
    await expect(page.getByTestId('total-usd')).toHaveText(/^USD\s1,300\.00$/);
  } finally {
    await setPrice(1250);
  }
});

test('a program taken off sale during checkout must leave the cart; the details entered stay', async ({
  page,
  serviceRole,
}) => {
  const program = await cartProgram(serviceRole, slug);
  const publish = async (published: boolean) => {
    const { error } = await serviceRole.from('training_programs').update({ is_published: published }).eq('slug', slug);
    expect(error).toBeNull();
  };
  try {
    const email = freshEmail('withdrawn');
    await storeCart(page, [
      { program, quantity: 1 },
      { program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 2 },
    ]);
    await openHydrated(page, '/checkout');
    await page.getByRole('button', { name: 'Continue to your details' }).click();
    await fillDetails(page, email);
    await publish(false);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: /^No longer available: Executive Leadership Programme\./ }),
    ).toBeFocused();
    await expect(page.locator('.review-line--gone')).toContainText('This program is no longer available.');
    // Placing it anyway is refused until it is removed.
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Remove it from your order above to go on.' }),
    ).toBeFocused();
    await page.getByRole('button', { name: 'Remove: Executive Leadership Programme' }).click();
    await expect(page.locator('.review-line--gone')).toHaveCount(0);
    // What was typed is still there; the order goes through for the program still on sale.
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Achieng Otieno');
    await expect(page.getByRole('textbox', { name: 'Name of participant 2, Women in Leadership' })).toHaveValue(
      'Baraka Mwangi',
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
    await expect(page.locator('.review-line h3')).toHaveText(['Women in Leadership']);
  } finally {
    await publish(true);
  }
});
