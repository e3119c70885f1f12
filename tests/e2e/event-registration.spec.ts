/**
 * Event registration in a real browser against the real stack: /events links to the site's own
 * registration; validation messages, then registering and the captured e-mail with its .ics;
 * the waitlist once the event is full; cancelling from the e-mail's link, which moves the first
 * waitlisted person up (and mails them); the pages pass axe in both themes.
 */
import type { Page } from '@playwright/test';
import { expect, test, type Theme } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules, type AxeResults } from './support/axe-scan.ts';
import { allowManyRequests, linkIn, makeEvent, mailsTo } from './support/engage.ts';
import { openHydrated } from './support/hydrated.ts';
import { settle } from './support/settle.ts';

test.beforeAll(async ({ stack }) => allowManyRequests(stack));

const address = (who: string, id: string) => `${who}-${id.slice(0, 8)}-${Date.now().toString(36)}@example.com`;

async function fillRegistration(page: Page, name: string, email: string) {
  await page.getByRole('textbox', { name: 'Full name' }).fill(name);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('0712 345 678');
}

test('/events links each upcoming event to its own registration page', async ({ page }) => {
  await page.goto('/events');
  const register = page.locator('a.event__register').first();
  await expect(register).toHaveAttribute('href', /^\/events\/[a-z0-9-]+\/register$/);
  await register.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Register: /);
  const jsonLd = await page.locator('script[type="application/ld+json"]').last().textContent();
  expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
    '@type': 'Event',
    offers: { '@type': 'Offer', availability: expect.stringMatching(/^https:\/\/schema\.org\//), price: 0 },
  });
});

test('register, the e-mail with its .ics, the waitlist, and cancelling from the e-mail moves the waitlist up', async ({
  page,
  stack,
}, testInfo) => {
  test.setTimeout(90_000);
  const event = await makeEvent(stack, 1);
  const first = address('first', testInfo.testId);
  const second = address('second', testInfo.testId);

  await openHydrated(page, `/events/${event.slug}/register`);
  await expect(page.getByText('1 seat left')).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please enter your full name.')).toBeVisible();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toBeFocused();

  await fillRegistration(page, 'Achieng Odhiambo', first);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();

  await expect.poll(async () => (await mailsTo(stack, first)).length, { timeout: 15_000 }).toBe(1);
  const [confirmation] = await mailsTo(stack, first);
  expect(confirmation!.subject).toBe(`You are registered: ${event.title}`);
  const ics = confirmation!.attachments.find((a) => a.filename === `${event.slug}.ics`);
  expect(ics?.contentType).toMatch(/^text\/calendar/);
  expect(ics?.text).toMatch(/DTSTART;TZID=Africa\/Nairobi:\d{8}T090000/);
  expect(ics?.text).toContain(`SUMMARY:${event.title}`);

  // Full now: the page offers the waitlist.
  await openHydrated(page, `/events/${event.slug}/register`);
  await expect(page.getByText('This event is full.')).toBeVisible();
  await fillRegistration(page, 'Baraka Mwangi', second);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible();

  // The same address again is refused beside the field.
  await openHydrated(page, `/events/${event.slug}/register`);
  await fillRegistration(page, 'Achieng Odhiambo', first.toUpperCase());
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText(/already registered for this event/)).toBeVisible();

  // Cancel from the e-mail's link: the waitlisted person gets the seat and an e-mail.
  await openHydrated(page, linkIn(confirmation!, `${stack.webUrl}/events/registration/cancel?token=`));
  await expect(page.getByText('Achieng Odhiambo, you are registered (1 seat)')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  await expect(page.getByText('Your registration is cancelled.')).toBeVisible();
  // In this order, even when the waitlist mail's first send failed and waits for its retry
  // (5 s, then 10 s): mails to one address never overtake each other.
  await expect
    .poll(async () => (await mailsTo(stack, second)).map((m) => m.subject), { timeout: 30_000 })
    .toEqual([`You are on the waitlist: ${event.title}`, `A seat is yours: ${event.title}`]);
});

test('the seats left count the visitor’s own registration at once: the last seat taken, the page says Full', async ({
  page,
  stack,
}, testInfo) => {
  const event = await makeEvent(stack, 1);
  await openHydrated(page, `/events/${event.slug}/register`);
  const facts = page.locator('.registration-page__facts');
  await expect(facts).toContainText('1 seat left');
  await fillRegistration(page, 'Achieng Odhiambo', address('last-seat', testInfo.testId));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await expect(facts).toContainText('Full');
  await expect(facts).not.toContainText('1 seat left');
});

const scan: Record<Theme, (page: Page) => Promise<AxeResults>> = {
  light: scanAllRules,
  dark: scanThemeDependentRules,
};

async function expectNoViolations(page: Page, theme: Theme, what: string) {
  await settle(page);
  const { violations } = await scan[theme](page);
  expect(violations.length, `${what} (${theme}):\n${describeViolations(violations)}`).toBe(0);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the registration and cancel pages pass axe (${theme})`, async ({ page, setTheme, stack }) => {
    await setTheme(page, theme);
    const event = await makeEvent(stack, 5);
    await openHydrated(page, `/events/${event.slug}/register`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Please enter your full name.')).toBeVisible();
    await expectNoViolations(page, theme, 'registration form with errors');
    await openHydrated(page, '/events/registration/cancel?token=unknown');
    await expect(page.getByRole('heading', { name: 'Registration not found' })).toBeVisible();
    await expectNoViolations(page, theme, 'cancel page, unknown token');
  });
}
