/**
 * The cart in the browser: seats (keyboard-operable, floored at 1), remove and clear with their
 * toasts, the empty state, two tabs kept in step, Add to cart becoming “In your cart — view cart”, and a tampered `ascent_cart` that never breaks
 * a page (invalid entries dropped, valid ones kept, in the cart, the badge and the checkout).
 */
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { expect, test } from './fixtures.ts';
import { hydrated, openHydrated } from './support/hydrated.ts';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const badge = (page: Page) => page.getByRole('link', { name: /^Cart, / });

interface Program {
  id: string;
  title: string;
  price: string;
}

/** The two seed programs the cart tests use, as Add to cart stores them. */
async function seedPrograms(serviceRole: SupabaseClient<Database>) {
  const { data, error } = await serviceRole
    .from('public_training_programs')
    .select('id, title, slug, price_amount, currency')
    .in('slug', ['executive-leadership-programme', 'women-in-leadership']);
  if (error || !data) throw new Error(error?.message);
  const by = (slug: string) => data.find((row) => row.slug === slug)!;
  const usd = by('executive-leadership-programme');
  const kes = by('women-in-leadership');
  return {
    usd: { id: usd.id!, title: usd.title!, price: 'USD 1,250' },
    kes: { id: kes.id!, title: kes.title!, price: 'KES 65,000' },
  };
}

async function storeCart(page: Page, value: string): Promise<void> {
  await page.addInitScript((cart) => {
    if (sessionStorage.getItem('e2e-cart-seeded')) return;
    localStorage.setItem('ascent_cart', cart);
    sessionStorage.setItem('e2e-cart-seeded', '1');
  }, value);
}

const item = (program: Program, quantity: number) => ({ program, quantity });

test('seats: the buttons and the box change them, floored at 1, from the keyboard too', async ({
  page,
  serviceRole,
}) => {
  const { usd } = await seedPrograms(serviceRole);
  await storeCart(page, JSON.stringify([item(usd, 1)]));
  await openHydrated(page, '/cart');
  const seats = page.getByRole('spinbutton', { name: 'Seats' });
  const fewer = page.getByRole('button', { name: `One seat fewer: ${usd.title}` });
  await expect(seats).toHaveValue('1');
  await expect(fewer).toHaveAttribute('aria-disabled', 'true');
  // Marked unavailable but still clickable (it keeps focus): a click changes nothing.
  await fewer.click({ force: true });
  await expect(seats).toHaveValue('1');

  // Keyboard: arrow keys in the box, Enter/Space on the buttons.
  await seats.focus();
  await page.keyboard.press('ArrowUp');
  await expect(seats).toHaveValue('2');
  await expect(badge(page)).toHaveAccessibleName('Cart, 2 items');
  await page.keyboard.press('Tab'); // to "one seat more"
  await page.keyboard.press('Enter');
  await expect(seats).toHaveValue('3');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab'); // back to "one seat fewer"
  await page.keyboard.press('Space');
  await expect(seats).toHaveValue('2');
  await expect(fewer).toBeFocused();

  // Typing: a whole number applies at once; 0 or an empty box comes back as a valid number.
  await seats.fill('7');
  await expect(badge(page)).toHaveAccessibleName('Cart, 7 items');
  await seats.fill('0');
  await seats.blur();
  await expect(seats).toHaveValue('1');
  await expect(badge(page)).toHaveAccessibleName('Cart, 1 item');
  await seats.fill('');
  await seats.blur();
  await expect(seats).toHaveValue('1');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('ascent_cart')!))).toEqual([item(usd, 1)]);
});

test('remove and clear show the specified toasts; an empty cart leads back to the catalogue', async ({
  page,
  serviceRole,
}) => {
  const { usd, kes } = await seedPrograms(serviceRole);
  await storeCart(page, JSON.stringify([item(usd, 2), item(kes, 1)]));
  await openHydrated(page, '/cart');
  await page.getByRole('button', { name: `Remove: ${usd.title}` }).click();
  await expect(toast(page, 'Item removed from cart.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Programs in your cart' }).getByRole('heading')).toHaveText([kes.title]);
  await expect(page.getByTestId('total-kes')).toHaveText(/^KES\s65,000\.00$/);
  // KES 65,000 / 129.16 = USD 503.25.
  await expect(page.getByTestId('total-usd')).toHaveText(/^USD\s503\.25$/);
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await expect(toast(page, 'Cart cleared.')).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Cart, 0 items');
  await page.getByRole('link', { name: 'Browse training programs' }).click();
  await expect(page).toHaveURL(/\/training$/);

  // An empty cart cannot check out.
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is empty: there is nothing to check out.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to your details' })).toHaveCount(0);
});

const inCartLink = (page: Page, program: Program) =>
  page.getByRole('link', { name: `In your cart — view cart: ${program.title}` });
const addButton = (page: Page, program: Program) => page.getByRole('button', { name: `Add to cart: ${program.title}` });

test('Add to cart in a list becomes “In your cart — view cart”, keeps the focus, and leads to the cart', async ({
  page,
  serviceRole,
}) => {
  const { usd, kes } = await seedPrograms(serviceRole);
  await openHydrated(page, '/training');
  await addButton(page, usd).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, `${usd.title} added to cart!`)).toBeVisible();
  await expect(inCartLink(page, usd)).toBeFocused();
  await expect(inCartLink(page, usd)).toHaveText('In your cart — view cart');
  await expect(inCartLink(page, usd)).toHaveAttribute('href', '/cart');
  await expect(addButton(page, usd)).toHaveCount(0);
  // The other programs keep their button.
  await expect(addButton(page, kes)).toBeVisible();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('list', { name: 'Programs in your cart' }).getByRole('heading')).toHaveText([usd.title]);
});

test('on a program page the link follows the cart in another tab, both ways', async ({ context, serviceRole }) => {
  const { usd } = await seedPrograms(serviceRole);
  const page = await context.newPage();
  const other = await context.newPage();
  await openHydrated(page, '/training/executive-leadership-programme');
  await openHydrated(other, '/training');
  await addButton(page, usd).click();
  await expect(inCartLink(page, usd)).toHaveText('In your cart — view cart');
  await expect(inCartLink(other, usd)).toBeVisible();
  await expect(addButton(other, usd)).toHaveCount(0);

  await inCartLink(page, usd).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: `Remove: ${usd.title}` }).click();
  await expect(addButton(other, usd)).toBeVisible();
  await expect(inCartLink(other, usd)).toHaveCount(0);
});

test('after a reload, a program of the stored cart shows the link on its page and in the list', async ({
  page,
  serviceRole,
}) => {
  const { usd, kes } = await seedPrograms(serviceRole);
  await storeCart(page, JSON.stringify([item(usd, 2)]));
  await openHydrated(page, '/training/executive-leadership-programme');
  await expect(inCartLink(page, usd)).toHaveAttribute('href', '/cart');
  await expect(addButton(page, usd)).toHaveCount(0);

  await openHydrated(page, '/training');
  await expect(inCartLink(page, usd)).toHaveText('In your cart — view cart');
  await expect(addButton(page, kes)).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(inCartLink(page, usd)).toBeVisible();
  await inCartLink(page, usd).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(badge(page)).toHaveAccessibleName('Cart, 2 items');
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`toasts cover neither the header nor its menu (${viewport.width} px)`, async ({ page, serviceRole }) => {
    const { usd } = await seedPrograms(serviceRole);
    await page.setViewportSize(viewport);
    await openHydrated(page, '/training/executive-leadership-programme');
    await page.getByRole('button', { name: `Add to cart: ${usd.title}` }).click();
    const shown = toast(page, `${usd.title} added to cart!`);
    await expect(shown).toBeVisible();
    // The pointer on it holds it (react-hot-toast pauses on hover): a loaded machine measured
    // after its 2 s were over.
    await shown.hover();
    const header = (await page.getByRole('banner').boundingBox())!;
    // Polled: the toast slides in, and its box is where it stays once the entrance is over.
    await expect
      .poll(async () => {
        const box = (await shown.boundingBox())!;
        return { belowHeader: box.y >= header.y + header.height, onScreen: box.y + box.height <= viewport.height };
      })
      .toEqual({ belowHeader: true, onScreen: true });
  });
}

test('two open tabs stay in step', async ({ context, serviceRole }) => {
  const { usd, kes } = await seedPrograms(serviceRole);
  const first = await context.newPage();
  const second = await context.newPage();
  await openHydrated(first, '/training');
  await openHydrated(second, '/cart');
  await expect(second.getByText('Your cart is empty.')).toBeVisible();

  await first.getByRole('button', { name: `Add to cart: ${usd.title}` }).click();
  await expect(badge(second)).toHaveAccessibleName('Cart, 1 item');
  await expect(second.getByRole('list', { name: 'Programs in your cart' }).getByRole('heading')).toHaveText([
    usd.title,
  ]);

  await second.getByRole('button', { name: `One seat more: ${usd.title}` }).click();
  await expect(badge(first)).toHaveAccessibleName('Cart, 2 items');
  await first.getByRole('button', { name: `Add to cart: ${kes.title}` }).click();
  await expect(badge(second)).toHaveAccessibleName('Cart, 3 items');
  await expect(second.getByTestId('total-usd')).toHaveText(/^USD\s3,003\.25$/);
});

test('a tampered ascent_cart: invalid entries are dropped, valid ones kept, nothing breaks', async ({
  page,
  serviceRole,
}) => {
  const { usd, kes } = await seedPrograms(serviceRole);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const unknown = { id: '00000000-0000-4000-8000-000000000000', title: 'A program that never existed', price: 'USD 1' };
  await storeCart(
    page,
    JSON.stringify([
      null,
      'junk',
      { program: { id: usd.id, title: '<img src=x onerror=alert(1)>', price: 'USD 1' }, quantity: 0 },
      { program: { id: 'x', title: 'Negative', price: 'USD 5' }, quantity: -2 },
      { program: { id: 'y', title: 'Fraction', price: 'USD 5' }, quantity: 1.5 },
      { quantity: 3 },
      item(kes, 2),
      item(kes, 9),
      item(unknown, 1),
      // The price a visitor typed in: the checkout charges today's price, and says so.
      item({ ...usd, price: 'USD 1' }, 1),
    ]),
  );
  await openHydrated(page, '/cart');
  const titles = page.getByRole('list', { name: 'Programs in your cart' }).getByRole('heading');
  await expect(titles).toHaveText([kes.title, unknown.title, usd.title]);
  await expect(badge(page)).toHaveAccessibleName('Cart, 4 items');

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  const gone = page.locator('.review-line', { hasText: unknown.title });
  await expect(gone).toContainText('This program is no longer available. Please remove it from your cart.');
  const leadership = page.locator('.review-line', { hasText: usd.title });
  await expect(leadership).toContainText(
    /The price changed since you added this program: it is now USD\s1,250 \(was USD\s1\)/,
  );
  // Until the unknown program is removed, the order cannot go on.
  const next = page.getByRole('button', { name: 'Continue to your details' });
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await next.click({ force: true });
  await expect(page.getByRole('heading', { name: '2. Your details' })).toHaveCount(0);
  await page.getByRole('button', { name: `Remove: ${unknown.title}` }).click();
  await expect(gone).toHaveCount(0);
  // Totals at today's prices: 2 x KES 65,000 + USD 1,250.
  await expect(page.getByTestId('total-kes')).toHaveText(/^KES\s291,450\.00$/);
  await expect(next).not.toHaveAttribute('aria-disabled', 'true');
  expect(errors).toEqual([]);
});

test('a stored quantity above 50 seats is dropped: the badge, the cart and the checkout never see it', async ({
  page,
  serviceRole,
}) => {
  const { usd, kes } = await seedPrograms(serviceRole);
  await storeCart(page, JSON.stringify([item(usd, 999), item(kes, 50)]));
  await openHydrated(page, '/cart');
  await expect(badge(page)).toHaveAccessibleName('Cart, 50 items');
  const titles = page.getByRole('list', { name: 'Programs in your cart' }).getByRole('heading');
  await expect(titles).toHaveText([kes.title]);

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page.locator('.review-line')).toHaveCount(1);
  await expect(page.locator('.review-line', { hasText: usd.title })).toHaveCount(0);
  // 50 x KES 65,000, the most one order takes.
  await expect(page.getByTestId('total-kes')).toHaveText(/^KES\s3,250,000\.00$/);
});

test('corrupt storage is an empty cart on every page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await storeCart(page, '{not json');
  for (const path of ['/cart', '/checkout', '/training']) {
    await openHydrated(page, path);
    await expect(badge(page)).toHaveAccessibleName('Cart, 0 items');
  }
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  expect(errors).toEqual([]);
});
