/**
 * The footer's newsletter sign-up end to end (specification: Footer, §4 Newsletter, §8): the
 * loading toast and the disabled form while submitting, the success toast and cleared field, the
 * confirmation mail in the capture inbox, a repeated address, the server's own error message, the
 * fallbacks for a reply without success and for unexpected failures, and no double submission;
 * then double opt-in through the mails' links: confirm, and unsubscribe (pages pass axe).
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { capturedMail } from '../support/mail-capture.ts';
import { allowManyRequests, linkIn, mailsTo as capturedMailsTo } from './support/engage.ts';
import { openHydrated as open } from './support/hydrated.ts';
import { settle } from './support/settle.ts';

test.beforeAll(async ({ stack }) => allowManyRequests(stack));

const functionPath = '**/functions/v1/send-newsletter-subscription-email';

/** A fresh address per test, so parallel tests and reruns never share one. */
function freshAddress(testId: string): string {
  return `newsletter-${testId.slice(0, 8)}-${Date.now().toString(36)}@example.com`.toLowerCase();
}

function form(page: Page) {
  const footer = page.locator('footer.site-footer');
  return {
    field: footer.getByRole('textbox', { name: 'Email address' }),
    button: footer.getByRole('button', { name: /^Subscrib/ }),
  };
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/**
 * Longer than any finite toast lives (4 s, then 1 s to leave). Tests that wait for a toast to go
 * install Playwright's clock before opening the page and run the page's timers this far at once.
 */
const toastLifetimeMs = 6_000;

/** The function stores the row and queues the confirmation mail before answering: allow for a busy machine. */
const replyTimeout = { timeout: 15_000 };

/** Holds the function call until `release()`; counts the calls that reached the network. */
async function holdFunctionCalls(page: Page) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const calls: string[] = [];
  await page.route(functionPath, async (route: Route) => {
    if (route.request().method() === 'POST') calls.push(route.request().postData() ?? '');
    await gate;
    await route.continue();
  });
  return { calls, release: () => release() };
}

test('the footer shows the CMS heading and a labelled, required e-mail field', async ({ page, sanity }) => {
  const heading = await sanity.fetch<string>(`*[_id == "siteSettings"][0].newsletter.heading`);
  expect(heading).toBe('Stay Updated');
  await open(page, '/');
  await expect(page.locator('footer').getByRole('heading', { name: heading })).toBeVisible();
  const { field } = form(page);
  await expect(field).toHaveAttribute('type', 'email');
  await expect(field).toHaveAttribute('required', '');
});

test('subscribing: loading toast and disabled form, then success, a cleared field and the confirmation mail', async ({
  page,
  stack,
}, testInfo) => {
  const address = freshAddress(testInfo.testId);
  const held = await holdFunctionCalls(page);
  await open(page, '/');
  const { field, button } = form(page);
  await field.fill(address);
  await button.click();

  await expect(toast(page, 'Subscribing...')).toBeVisible();
  await expect(field).toBeDisabled();
  await expect(button).toBeDisabled();

  held.release();
  await expect(toast(page, 'Successfully subscribed to our newsletter!')).toBeVisible(replyTimeout);
  await expect(toast(page, 'Subscribing...')).toHaveCount(0);
  await expect(field).toHaveValue('');
  await expect(field).toBeEnabled();
  await expect(button).toBeEnabled();
  expect(held.calls).toEqual([JSON.stringify({ email: address })]);

  await expect
    .poll(async () => (await capturedMail(stack.mailApiUrl, { to: address })).length, { timeout: 10_000 })
    .toBe(1);
  const [mail] = await capturedMail(stack.mailApiUrl, { to: address });
  expect(mail?.subject).toMatch(/newsletter/i);
});

test('a second submission while one is running is ignored', async ({ page }, testInfo) => {
  const address = freshAddress(testInfo.testId);
  const held = await holdFunctionCalls(page);
  await open(page, '/');
  const { field, button } = form(page);
  await field.fill(address);
  await field.press('Enter');
  await expect(button).toBeDisabled();
  // Whatever still reaches the form: a forced click and a scripted submit.
  await button.click({ force: true });
  await page.locator('form.newsletter-form').evaluate((element: HTMLFormElement) => element.requestSubmit());
  held.release();
  await expect(toast(page, 'Successfully subscribed to our newsletter!')).toBeVisible(replyTimeout);
  expect(held.calls).toHaveLength(1);
  await expect(page.getByRole('status').filter({ hasText: 'Subscribing...' })).toHaveCount(0);
});

test('an address that is already subscribed succeeds again without a second mail', async ({
  page,
  stack,
}, testInfo) => {
  const address = freshAddress(testInfo.testId);
  await page.clock.install();
  await open(page, '/');
  const { field, button } = form(page);
  for (const attempt of [1, 2]) {
    await field.fill(address);
    await button.click();
    await expect(toast(page, 'Successfully subscribed to our newsletter!'), `attempt ${attempt}`).toBeVisible(
      replyTimeout,
    );
    await expect(field).toHaveValue('');
    await page.clock.runFor(toastLifetimeMs);
    await expect(toast(page, 'Successfully subscribed to our newsletter!')).toHaveCount(0);
  }
  await expect
    .poll(async () => (await capturedMail(stack.mailApiUrl, { to: address })).length, { timeout: 10_000 })
    .toBe(1);
  // A later subscription's confirmation mail marks the point by which a second mail to the address
  // would have arrived: the outbox sends in the order mails were queued, and the marker came after.
  const marker = `marker-${address}`;
  await field.fill(marker);
  await button.click();
  await expect(toast(page, 'Successfully subscribed to our newsletter!')).toBeVisible(replyTimeout);
  await expect
    .poll(async () => (await capturedMail(stack.mailApiUrl, { to: marker })).length, { timeout: 10_000 })
    .toBe(1);
  expect(await capturedMail(stack.mailApiUrl, { to: address })).toHaveLength(1);
});

test("the browser's validation stops an empty or malformed address before any call", async ({ page }, testInfo) => {
  const calls: string[] = [];
  await page.route(functionPath, (route) => {
    if (route.request().method() === 'POST') calls.push(route.request().postData() ?? '');
    return route.continue();
  });
  await open(page, '/');
  const { field, button } = form(page);
  // The browser's own check fires `invalid` on the field instead of submitting the form.
  await field.evaluate((element) => {
    const counter = { invalid: 0 };
    Object.assign(window, { e2eInvalid: counter });
    element.addEventListener('invalid', () => (counter.invalid += 1));
  });
  const invalidEvents = () =>
    page.evaluate(() => (window as unknown as { e2eInvalid: { invalid: number } }).e2eInvalid.invalid);
  await button.click();
  await expect.poll(invalidEvents).toBe(1);
  await field.fill('not-an-address');
  await button.click();
  await expect.poll(invalidEvents).toBe(2);
  expect(await field.evaluate((element: HTMLInputElement) => element.validity.valid)).toBe(false);
  await expect(toast(page, 'Subscribing...')).toHaveCount(0);

  // A valid address goes out next: if either refused attempt had made a call, it would be ahead of this one.
  const address = freshAddress(testInfo.testId);
  await field.fill(address);
  await button.click();
  await expect(toast(page, 'Successfully subscribed to our newsletter!')).toBeVisible(replyTimeout);
  expect(calls).toEqual([JSON.stringify({ email: address })]);
});

test("the server's error message is shown when it refuses the address", async ({ page }) => {
  await open(page, '/');
  const { field, button } = form(page);
  // Bypass the browser's check so the function itself judges the address.
  await page.locator('form.newsletter-form').evaluate((element: HTMLFormElement) => (element.noValidate = true));
  await field.fill('a@b');
  const reply = page.waitForResponse((response) => response.url().includes('send-newsletter-subscription-email'));
  await button.click();
  expect((await reply).status()).toBe(400);
  await expect(toast(page, 'Please enter a valid email address.')).toBeVisible(replyTimeout);
  await expect(field).toHaveValue('a@b');
  await expect(field).toBeEnabled();
});

test("a reply without success shows its message, or 'Failed to subscribe.'", async ({ page }, testInfo) => {
  const replies = [{ success: false, message: 'The list is closed for now.' }, { message: '' }];
  await page.route(functionPath, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(replies.shift()) })
      : route.continue(),
  );
  await open(page, '/');
  const { field, button } = form(page);
  const address = freshAddress(testInfo.testId);
  await field.fill(address);
  await button.click();
  await expect(toast(page, 'The list is closed for now.')).toBeVisible(replyTimeout);
  await expect(field).toHaveValue(address);
  await button.click();
  await expect(toast(page, 'Failed to subscribe.')).toBeVisible(replyTimeout);
  await expect(field).toHaveValue(address);
});

test("unexpected failures show 'An error occurred. Please try again.'", async ({ page }, testInfo) => {
  const failures: ((route: Route) => Promise<void>)[] = [
    (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    (route) => route.abort('connectionrefused'),
  ];
  await page.route(functionPath, (route) =>
    route.request().method() === 'POST' ? failures.shift()!(route) : route.continue(),
  );
  await page.clock.install();
  await open(page, '/');
  const { field, button } = form(page);
  await field.fill(freshAddress(testInfo.testId));
  for (const attempt of ['bad gateway', 'network']) {
    await button.click();
    await expect(toast(page, 'An error occurred. Please try again.'), attempt).toBeVisible(replyTimeout);
    await expect(button).toBeEnabled();
    // Gone before the next attempt, so the next toast seen is that attempt's own.
    await page.clock.runFor(toastLifetimeMs);
    await expect(toast(page, 'An error occurred. Please try again.')).toHaveCount(0);
  }
});

test('confirming and unsubscribing through the links in the e-mails', async ({ page, stack }, testInfo) => {
  test.setTimeout(60_000);
  const address = freshAddress(testInfo.testId);
  await open(page, '/');
  const { field, button } = form(page);
  await field.fill(address);
  await button.click();
  await expect(toast(page, 'Successfully subscribed to our newsletter!')).toBeVisible(replyTimeout);

  await expect.poll(async () => (await capturedMailsTo(stack, address)).length, { timeout: 15_000 }).toBe(1);
  const [confirmation] = await capturedMailsTo(stack, address);
  await open(page, linkIn(confirmation!, `${stack.webUrl}/newsletter/confirm?token=`));
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your subscription is confirmed' })).toBeVisible();

  await expect.poll(async () => (await capturedMailsTo(stack, address)).length, { timeout: 15_000 }).toBe(2);
  const welcome = (await capturedMailsTo(stack, address))[1]!;
  expect(welcome.subject).toBe('Welcome to the Ascent newsletter');
  await open(page, linkIn(welcome, `${stack.webUrl}/unsubscribe?token=`));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You have been unsubscribed' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the confirm and unsubscribe pages pass axe (${theme})`, async ({ page, setTheme }) => {
    await setTheme(page, theme);
    const scan = theme === 'light' ? scanAllRules : scanThemeDependentRules;
    for (const path of [`/newsletter/confirm?token=${'A'.repeat(43)}`, `/unsubscribe?token=${'A'.repeat(43)}`]) {
      await open(page, path);
      await page.getByRole('button', { name: /Confirm my subscription|Unsubscribe/ }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'link is not valid' })).toBeVisible();
      await settle(page);
      const { violations } = await scan(page);
      expect(violations.length, `${path} (${theme}):\n${describeViolations(violations)}`).toBe(0);
    }
  });
}
