/**
 * Checkout against the real order function: one order for a double submit and for a retry after
 * the connection dropped (the same idempotency key), a refusal shown beside its field with focus
 * on it, and the confirmation page for a wrong or missing token (nothing revealed, never cached).
 */
import { expect, test } from './fixtures.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

const ordersOf = async (serviceRole: Parameters<typeof cartProgram>[0], email: string) => {
  const { data, error } = await serviceRole.from('orders').select('reference').eq('customer_email', email);
  if (error) throw new Error(error.message);
  return data.map((row) => row.reference);
};

test('a double submit makes one order', async ({ page, serviceRole }) => {
  const email = freshEmail('double');
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email);
  // Two submits before the first answer: one order.
  await page.locator('form.checkout-form').evaluate((form: HTMLFormElement) => {
    form.requestSubmit();
    form.requestSubmit();
  });
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
  expect(await ordersOf(serviceRole, email)).toHaveLength(1);
});

test('the fields’ longer names are for screen readers only: on a first load of /checkout they take no room', async ({
  page,
  serviceRole,
}) => {
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'executive-leadership-programme'), quantity: 2 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  const field = page.getByRole('textbox', { name: 'Name of participant 2, Executive Leadership Programme' });
  await expect(field).toBeVisible();
  const extra = page.getByText('of participant 2, Executive Leadership Programme', { exact: true }).first();
  const box = await extra.boundingBox();
  expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);
});

test('a retry after the connection dropped sends the same key: one order, its confirmation', async ({
  page,
  serviceRole,
}) => {
  const email = freshEmail('retry');
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'executive-leadership-programme'), quantity: 2 }]);
  // The first order call reaches the server, but its answer never reaches the browser.
  let calls = 0;
  const keys: string[] = [];
  await page.route('**/rest/v1/rpc/create_order', async (route) => {
    calls += 1;
    keys.push((route.request().postDataJSON() as { idempotency_key: string }).idempotency_key);
    if (calls === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Place order' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'We couldn’t reach our server' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toBeFocused();
  // The order exists already, and the cart is kept: it is emptied only with the confirmation.
  expect(await ordersOf(serviceRole, email)).toHaveLength(1);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('ascent_cart')!).length)).toBe(1);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const references = await ordersOf(serviceRole, email);
  expect(references).toHaveLength(1);
  await expect(page.getByTestId('order-reference')).toHaveText(references[0]!);
});

test('a refusal from the order function shows beside its field, with focus on it', async ({ page, serviceRole }) => {
  const email = freshEmail('refused');
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  const { data: full } = await serviceRole
    .from('public_program_intakes')
    .select('id')
    .eq('program_slug', 'women-in-leadership')
    .eq('seats_left', 0)
    .limit(1)
    .single();
  // The page offers no full intake, so the request is changed on its way: the server decides.
  await page.route('**/rest/v1/rpc/create_order', async (route) => {
    const body = route.request().postDataJSON() as { items: Array<{ intake_id: string | null }> };
    body.items[0]!.intake_id = full!.id!;
    await route.continue({ postData: JSON.stringify(body) });
  });
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Place order' }).click();
  const intake = page.getByRole('combobox', { name: 'Intake' });
  await expect(intake).toBeFocused({ timeout: 15_000 });
  await expect(intake).toHaveAttribute('aria-invalid', 'true');
  await expect(intake).toHaveAccessibleDescription(/^This intake is full\./);
  expect(await ordersOf(serviceRole, email)).toHaveLength(0);
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a wrong or missing token shows “Order not found”, reveals nothing and is never cached', async ({ request }) => {
  for (const path of [
    '/order-confirmation',
    '/order-confirmation?token=',
    `/order-confirmation?token=${'A'.repeat(43)}`,
    '/order-confirmation?token=%27%20or%201%3D1--',
    `/order-confirmation?token=${'x'.repeat(5000)}`,
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
    expect(response.headers()['referrer-policy'], path).toBe('no-referrer');
    const html = await response.text();
    expect(html).toContain('Order not found');
    expect(html).not.toMatch(/ASC-\d{4}-\d{6}/);
    expect(html).toContain('<meta name="robots" content="noindex"');
  }
});

test('/checkout/prices answers today’s prices and intakes, leaves unknown programs out, refuses bad ids', async ({
  request,
  serviceRole,
}) => {
  const { data: program } = await serviceRole
    .from('public_training_programs')
    .select('id')
    .eq('slug', 'women-in-leadership')
    .single();
  const unknown = '00000000-0000-4000-8000-000000000000';
  const response = await request.get(`/checkout/prices?program=${program!.id}&program=${unknown}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const quote = (await response.json()) as {
    programs: Array<{ id: string; price: { amount: number; currency: string }; intakes: Array<{ seatsLeft: number }> }>;
  };
  expect(quote.programs.map((row) => [row.id, row.price.amount, row.price.currency])).toEqual([
    [program!.id, 65000, 'KES'],
  ]);
  expect(quote.programs[0]!.intakes.some((intake) => intake.seatsLeft === 0)).toBe(true);

  for (const [query, message] of [
    ['program=1%20or%201=1', 'Each program must be given by its id (a UUID).'],
    [
      Array.from({ length: 21 }, (_, i) => `program=00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join('&'),
      'Ask for at most 20 programs at a time.',
    ],
  ] as const) {
    const bad = await request.get(`/checkout/prices?${query}`);
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ error: message });
  }
});
