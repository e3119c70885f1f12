/**
 * Checkout names the tax invoice's buyer (issue 29): "Buying for an organisation" asks for the
 * organisation's name, KRA PIN and address, which the order keeps for its tax invoice; a PIN that
 * is not a letter, nine digits and a letter is refused beside its field by the form, and by the
 * order function when the form's check is bypassed.
 */
import { expect, test } from './fixtures.ts';
import { describeViolations, scanAllRules } from './support/axe-scan.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

const PIN_MESSAGE = 'A KRA PIN is a letter, nine digits and a letter, for example P051234567X.';

test('an organisation gives its name, KRA PIN and address, and the order keeps them for the tax invoice', async ({
  page,
  serviceRole,
}) => {
  const email = freshEmail('organisation');
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email);
  await page.getByRole('checkbox', { name: 'Buying for an organisation' }).check();
  const pin = page.getByRole('textbox', { name: 'Organisation’s KRA PIN' });
  await expect(pin).toBeVisible();
  const axe = await scanAllRules(page, 'form.checkout-form');
  expect(axe.violations, describeViolations(axe.violations)).toEqual([]);

  // Nothing but the PIN typed: the organisation's three fields are asked for, in words.
  await pin.fill('P05123456X');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('textbox', { name: 'Organisation name' })).toHaveAccessibleDescription(
    /Please enter the organisation’s name/,
  );
  await expect(pin).toHaveAccessibleDescription(new RegExp(PIN_MESSAGE.replace(/[.]/g, '\\.')));
  await expect(page.getByRole('textbox', { name: 'Organisation’s address' })).toHaveAccessibleDescription(
    /Please enter the organisation’s address/,
  );

  await page.getByRole('textbox', { name: 'Organisation name' }).fill('Kilimo Co-operative Society');
  await pin.fill('p051 234567x');
  await page.getByRole('textbox', { name: 'Organisation’s address' }).fill('P.O. Box 4410-00100, Nairobi');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
  const { data, error } = await serviceRole
    .from('orders')
    .select('organisation, buyer_kra_pin, buyer_address')
    .eq('customer_email', email);
  expect(error).toBeNull();
  expect(data).toEqual([
    {
      organisation: 'Kilimo Co-operative Society',
      buyer_kra_pin: 'P051234567X',
      buyer_address: 'P.O. Box 4410-00100, Nairobi',
    },
  ]);
});

test('a bad KRA PIN that gets past the form is refused by the order function, beside the field', async ({
  page,
  serviceRole,
}) => {
  const email = freshEmail('bad-pin');
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email);
  const pin = page.getByRole('textbox', { name: /^Your KRA PIN/ });
  await pin.fill('A123456789B');
  // What a changed page (or a script) could send: the form's check is not the only one.
  await page.route('**/rest/v1/rpc/create_order', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, buyer_kra_pin: 'A12345678B' }) });
  });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(pin).toHaveAccessibleDescription(new RegExp(PIN_MESSAGE.replace(/[.]/g, '\\.')));
  await expect(pin).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);
  const { data } = await serviceRole.from('orders').select('id').eq('customer_email', email);
  expect(data).toEqual([]);
});
