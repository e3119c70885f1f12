/**
 * The whole purchase in a real browser, against the real stack: filter /training, a program page,
 * add a USD and a KES program (the duplicate refused), seats and the badge, totals in both
 * currencies, checkout with validation errors then success, the confirmation page (and after a
 * reload), the pro-forma invoice downloaded and read, the captured e-mails, and the M-Pesa code.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text.ts';
import { expect, test } from './fixtures.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders, mailsTo } from './support/orders.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const badge = (page: Page) => page.getByRole('link', { name: /^Cart, / });
const spaced = (text: string) => text.replace(/\s/g, ' ');

test('the whole purchase: catalogue, cart, checkout, confirmation, invoice and e-mails', async ({
  page,
  stack,
  sanity,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `buyer-${testInfo.testId.slice(0, 8)}-${Date.now().toString(36)}@example.com`;

  // Filter the catalogue and add a USD program from it.
  await openHydrated(page, '/training');
  const filter = page.getByRole('search', { name: 'Filter programs' });
  await filter.getByRole('searchbox', { name: 'Search programmes' }).fill('executive leadership');
  await filter.getByRole('searchbox', { name: 'Search programmes' }).press('Enter');
  await expect(page).toHaveURL(/\?q=executive\+leadership&category=#catalogue$/);
  const cards = page.locator('#catalogue li.program');
  await expect(cards.locator('h3')).toHaveText(['Executive Leadership Programme']);
  await cards.getByRole('button', { name: 'Add to cart: Executive Leadership Programme' }).click();
  await expect(toast(page, 'Executive Leadership Programme added to cart!')).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Cart, 1 item');

  // In the cart, the button becomes a link to it (adding it again would be refused: cart-rules.test.ts).
  await expect(cards.getByRole('button', { name: 'Add to cart: Executive Leadership Programme' })).toHaveCount(0);
  await expect(
    cards.getByRole('link', { name: 'In your cart — view cart: Executive Leadership Programme' }),
  ).toHaveAttribute('href', '/cart');
  await expect(badge(page)).toHaveAccessibleName('Cart, 1 item');

  // A KES program from its own page.
  await page.goto('/training/women-in-leadership');
  await page.getByRole('button', { name: 'Add to cart: Women in Leadership' }).click();
  await expect(toast(page, 'Women in Leadership added to cart!')).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Cart, 2 items');

  // The cart: two seats of the USD program; the badge and totals follow.
  await badge(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByRole('list', { name: 'Programs in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await page.getByRole('button', { name: 'One seat more: Executive Leadership Programme' }).click();
  await expect(badge(page)).toHaveAccessibleName('Cart, 3 items');
  const usdLine = lines.filter({ hasText: 'Executive Leadership Programme' });
  await expect(usdLine.getByRole('spinbutton', { name: 'Seats' })).toHaveValue('2');
  await expect(usdLine).toContainText(/Line total\s*USD\s2,500/);
  // USD: 2 x 1,250 + 65,000 / 129.16 = 3,003.25; KES: 65,000 + 2,500 x 129.16 = 387,900.00.
  await expect(page.getByTestId('total-usd')).toHaveText(/^USD\s3,003\.25$/);
  await expect(page.getByTestId('total-kes')).toHaveText(/^KES\s387,900\.00$/);
  await expect(page.getByText('Converted at 129.16 KES per USD.')).toBeVisible();

  // Checkout: the review at today's prices, then the details.
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('total-usd')).toHaveText(/^USD\s3,003\.25$/);
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  const details = page.getByRole('heading', { name: '2. Your details' });
  await expect(details).toBeFocused();

  // Nothing filled in: a message beside each field, focus on the first.
  await page.getByRole('button', { name: 'Place order' }).click();
  const name = page.getByRole('textbox', { name: 'Full name' });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Please enter your full name.');
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveAccessibleDescription(
    'Please enter a valid e-mail address.',
  );
  await expect(page.getByText('Please choose how you will pay.')).toBeVisible();
  await expect(page.getByText('Please accept the terms and conditions to place your order.')).toBeVisible();
  await expect(page.getByText('Please enter the participant’s name.')).toHaveCount(3);

  // A wrong phone number and e-mail are refused beside their fields.
  await name.fill('Wanjiru Kamau');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('wanjiru@');
  const phone = page.getByRole('textbox', { name: /^Phone/ });
  await phone.fill('0812 345');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toBeFocused();
  await expect(phone).toHaveAccessibleDescription(/Please enter a valid phone number, e\.g\. 0712 345 678/);

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await phone.fill('0712 345 678');
  // Bought for an organisation: its name, KRA PIN and address go on the invoices (issue 29).
  await page.getByRole('checkbox', { name: 'Buying for an organisation' }).check();
  await page.getByRole('textbox', { name: 'Organisation name' }).fill('Kamau Holdings');
  await page.getByRole('textbox', { name: 'Organisation’s KRA PIN' }).fill('P051234567X');
  await page.getByRole('textbox', { name: 'Organisation’s address' }).fill('P.O. Box 4410-00100, Nairobi');
  await page.getByRole('textbox', { name: /^Purchase-order number/ }).fill('PO-2026-17');
  // The buyer is the first participant of each program.
  await expect(page.getByRole('textbox', { name: 'Name of participant 1, Women in Leadership' })).toHaveValue(
    'Wanjiru Kamau',
  );
  await page
    .getByRole('textbox', { name: 'Name of participant 2, Executive Leadership Programme' })
    .fill('Otieno Odhiambo');
  // Women in Leadership's first intake is full: it cannot be chosen.
  const womenIntake = page
    .getByRole('group', { name: /^Women in Leadership/ })
    .getByRole('combobox', { name: 'Intake' });
  await expect(womenIntake.locator('option', { hasText: /: full$/ })).toBeDisabled();
  const chosenIntake = (await womenIntake.locator('option:checked').textContent())!;
  await page.getByRole('radio', { name: 'M-Pesa Paybill' }).check();
  const paybill = await sanity.fetch<string>('*[_id == "siteSettings"][0].payments.mpesaPaybill');
  await expect(page.locator('.payment-instructions')).toContainText(`Business number: ${paybill}`);
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions of booking.' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  // The confirmation, read back by its token; the cart is empty now.
  await expect(page).toHaveURL(/\/order-confirmation\?token=[A-Za-z0-9_-]{43}$/, { timeout: 15_000 });
  const reference = (await page.getByTestId('order-reference').textContent())!;
  expect(reference).toMatch(/^ASC-\d{4}-\d{6}$/);
  await expect(badge(page)).toHaveAccessibleName('Cart, 0 items');
  const checkConfirmation = async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order confirmation');
    await expect(page.getByTestId('order-reference')).toHaveText(reference);
    await expect(page.getByTestId('total-usd')).toHaveText(/^USD\s3,003\.25$/);
    await expect(page.getByTestId('total-kes')).toHaveText(/^KES\s387,900\.00$/);
    await expect(page.getByText('Converted at 129.16 KES per USD.')).toBeVisible();
    await expect(page.getByText('Awaiting payment')).toBeVisible();
    const women = page.locator('.review-line', { hasText: 'Women in Leadership' });
    await expect(women).toContainText(`Intake: ${spaced(chosenIntake.replace(/: \d+ seats left$/, ''))}`);
    const leadership = page.locator('.review-line', { hasText: 'Executive Leadership Programme' });
    await expect(leadership.getByRole('listitem')).toHaveText([`Wanjiru Kamau (${email})`, 'Otieno Odhiambo']);
    await expect(page.locator('.payment-steps')).toContainText(`Business number: ${paybill}`);
    await expect(page.locator('.payment-steps')).toContainText(`Account number: ${reference}`);
  };
  await checkConfirmation();
  await page.reload();
  await checkConfirmation();

  // The pro-forma invoice, downloaded and read.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the pro-forma invoice (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${reference}-pro-forma-invoice.pdf`);
  const invoice = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  for (const text of [
    reference,
    'Wanjiru Kamau',
    'Kamau Holdings',
    'PO-2026-17',
    'Executive Leadership Programme',
    'Women in Leadership',
    '129.16',
  ])
    expect(invoice, text).toContain(text);
  expect(invoice).toMatch(/3,003\.25/);
  expect(invoice).toMatch(/387,900\.00/);

  // The e-mails: the customer's confirmation (with the link back and the invoice) and the bookings notification.
  await expect.poll(async () => (await mailsTo(stack, email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mailsTo(stack, email);
  expect(mail!.subject).toBe(`Your Ascent order ${reference}`);
  expect(mail!.text).toContain(page.url().replace(/^https?:\/\/[^/]+/, ''));
  expect(mail!.html).toContain(reference);
  expect(mail!.attachments.map((file) => file.contentType)).toContain('application/pdf');
  const bookings = await sanity.fetch<string>('*[_id == "siteSettings"][0].bookingsEmail');
  await expect
    .poll(
      async () =>
        (await mailsTo(stack, bookings)).some((m) => m.subject === `New order ${reference} from Wanjiru Kamau`),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);

  // M-Pesa: the confirmation code, format-checked by the server, is stored and shown.
  const code = page.getByRole('textbox', { name: 'M-Pesa confirmation code' });
  await code.fill(' qjk7xyz123 ');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'We received the confirmation code QJK7XYZ123' }),
  ).toBeVisible();
});

/** Presses Tab until `target` has focus (as a keyboard user would), failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 150): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(target)} never took focus in ${limit} Tab presses`);
}

test('the whole purchase with the keyboard only', async ({ page, serviceRole }, testInfo) => {
  test.setTimeout(120_000);
  const email = `keys-${testInfo.testId.slice(0, 8)}-${Date.now().toString(36)}@example.com`;
  await openHydrated(page, '/training');

  // Filter, add from the filtered list, clear the filter, add another.
  const search = page.getByRole('searchbox', { name: 'Search programmes' });
  await tabTo(page, search);
  await page.keyboard.type('women');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?q=women&category=#catalogue$/);
  await tabTo(page, page.getByRole('button', { name: 'Add to cart: Women in Leadership' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Women in Leadership added to cart!')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Clear filters' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/training#catalogue$/);
  await tabTo(page, page.getByRole('button', { name: 'Add to cart: Executive Leadership Programme' }));
  await page.keyboard.press('Space');
  await expect(badge(page)).toHaveAccessibleName('Cart, 2 items');

  // The cart: one seat more, then on to checkout.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, badge(page), 300);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await tabTo(page, page.getByRole('button', { name: 'One seat more: Women in Leadership' }));
  await page.keyboard.press('Enter');
  await expect(badge(page)).toHaveAccessibleName('Cart, 3 items');
  await tabTo(page, page.getByRole('link', { name: 'Proceed to checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  await tabTo(page, page.getByRole('button', { name: 'Continue to your details' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '2. Your details' })).toBeFocused();

  // The form, field by field.
  const type = async (name: string | RegExp, text: string) => {
    await tabTo(page, page.getByRole('textbox', { name, exact: typeof name === 'string' }));
    await page.keyboard.type(text);
  };
  await type('Full name', 'Kiprono Langat');
  await type('E-mail', email);
  await type(/^Phone/, '+44 20 7946 0958');
  await type('Name of participant 2, Women in Leadership', 'Njeri Wambui');
  await tabTo(page, page.getByRole('radio', { name: 'Invoice / bank transfer' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Invoice / bank transfer' })).toBeChecked();
  await tabTo(page, page.getByRole('checkbox', { name: 'I accept the terms and conditions of booking.' }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Place order' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
  const reference = (await page.getByTestId('order-reference').textContent())!;
  const { data, error } = await serviceRole
    .from('orders')
    .select('reference, customer_phone, payment_method, total_kes')
    .eq('customer_email', email)
    .single();
  expect(error).toBeNull();
  // 2 x KES 65,000 + USD 1,250 x 129.16.
  expect(data).toEqual({
    reference,
    customer_phone: '+442079460958',
    payment_method: 'invoice',
    total_kes: 291450,
  });
});
