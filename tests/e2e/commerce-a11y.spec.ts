/**
 * WCAG 2.1 A/AA on the commerce screens as customers see them, in both themes (a11y.spec.ts walks
 * the same paths empty): /cart with programs, /checkout with its details form showing every
 * validation message and the payment instructions, and an order's confirmation page.
 */
import type { Page } from '@playwright/test';
import { expect, test, type Theme } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules, type AxeResults } from './support/axe-scan.ts';
import { cartProgram, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders, placeOrder } from './support/orders.ts';
import { settle } from './support/settle.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

const scan: Record<Theme, (page: Page) => Promise<AxeResults>> = {
  light: scanAllRules,
  dark: scanThemeDependentRules,
};

async function expectNoViolations(page: Page, theme: Theme, what: string) {
  await settle(page);
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  const { violations } = await scan[theme](page);
  expect(violations.length, `${what} (${theme}):\n${describeViolations(violations)}`).toBe(0);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the cart and the checkout with programs, messages and payment instructions (${theme})`, async ({
    page,
    setTheme,
    serviceRole,
  }) => {
    await setTheme(page, theme);
    await storeCart(page, [
      { program: await cartProgram(serviceRole, 'executive-leadership-programme'), quantity: 2 },
      // An old price: the checkout's notice is part of what is scanned.
      { program: { ...(await cartProgram(serviceRole, 'women-in-leadership')), price: 'KES 60,000' }, quantity: 1 },
    ]);
    await openHydrated(page, '/cart');
    await expect(page.getByRole('list', { name: 'Programs in your cart' }).getByRole('listitem')).toHaveCount(2);
    await expectNoViolations(page, theme, '/cart with two programs');

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.getByRole('button', { name: 'Continue to your details' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Please enter your full name.')).toBeVisible();
    await page.getByRole('radio', { name: 'M-Pesa Paybill' }).check();
    await expect(page.locator('.payment-instructions')).toBeVisible();
    await expectNoViolations(page, theme, '/checkout with errors and M-Pesa instructions');
    await page.getByRole('radio', { name: 'Invoice / bank transfer' }).check();
    await expectNoViolations(page, theme, '/checkout with invoice instructions');
  });

  test(`an order’s confirmation page, and the not-found one (${theme})`, async ({ page, setTheme, stack }) => {
    await setTheme(page, theme);
    const order = await placeOrder(stack, { paymentMethod: 'mpesa' });
    await openHydrated(page, `/order-confirmation?token=${order.token}`);
    await expect(page.getByTestId('order-reference')).toHaveText(order.reference);
    await expectNoViolations(page, theme, 'an M-Pesa order’s confirmation');
    // After the M-Pesa code was sent: the page says it was received.
    await page.getByRole('textbox', { name: 'M-Pesa confirmation code' }).fill('QJK7XYZ123');
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expect(page.getByText(/We received the confirmation code QJK7XYZ123/)).toBeVisible();
    await expectNoViolations(page, theme, 'an M-Pesa order’s confirmation with its code');
    const invoiceOrder = await placeOrder(stack, { paymentMethod: 'invoice' });
    await openHydrated(page, `/order-confirmation?token=${invoiceOrder.token}`);
    await expectNoViolations(page, theme, 'an invoice order’s confirmation');
    await openHydrated(page, '/order-confirmation?token=nope');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order not found');
    await expectNoViolations(page, theme, 'order not found');
  });
}
