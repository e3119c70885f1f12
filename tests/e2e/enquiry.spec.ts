/**
 * The /contact enquiry form in a real browser against the real stack: validation messages beside
 * the fields, the character counter and its limit, then success, the routed mail to the team for
 * the topic and the sender's copy; the honeypot refused; axe in both themes.
 */
import type { Page } from '@playwright/test';
import { expect, test, type Theme } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules, type AxeResults } from './support/axe-scan.ts';
import { allowManyRequests, mailsTo } from './support/engage.ts';
import { openHydrated } from './support/hydrated.ts';
import { settle } from './support/settle.ts';

test.beforeAll(async ({ stack }) => allowManyRequests(stack));

const form = (page: Page) => page.locator('form.enquiry-form');

async function fillEnquiry(page: Page, email: string, message: string) {
  const f = form(page);
  await f.getByRole('textbox', { name: 'Name' }).fill('Nyambura Githinji');
  await f.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await f.getByRole('combobox', { name: 'Topic' }).selectOption('advisory');
  await f.getByRole('textbox', { name: 'Message' }).fill(message);
}

test('before any interaction the form is styled and the spam trap is out of sight', async ({ page }) => {
  // No pointer move, key or focus: the form's code has not loaded, only the server's HTML shows.
  await page.goto('/contact');
  const serverForm = form(page);
  await expect(serverForm).toBeVisible();
  await expect(serverForm).toHaveCSS('display', 'grid');
  await expect(page.getByRole('textbox', { name: 'Website' })).not.toBeInViewport();
  const trap = await page.getByText('Website', { exact: true }).boundingBox();
  expect(trap === null || trap.x + trap.width <= 0, 'the trap sits off-screen').toBe(true);
});

test('the enquiry form shows its errors, then sends, routed to the advisory team with a copy to the sender', async ({
  page,
  request,
  stack,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = `enquirer-${testInfo.testId.slice(0, 8)}-${Date.now().toString(36)}@example.com`;
  const message = `Please advise on an HR policy review for 40 staff. ${Date.now()}`;
  await openHydrated(page, '/contact');
  const f = form(page);
  await f.getByRole('button', { name: 'Send message' }).click();
  await expect(f.getByText('Please enter your name.')).toBeVisible();
  await expect(f.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await expect(f.getByText('Please choose what your enquiry is about.')).toBeVisible();
  await expect(f.getByText('Please write your message.')).toBeVisible();
  await expect(f.getByText('Please agree that we may use your details')).toBeVisible();
  await expect(f.getByRole('textbox', { name: 'Name' })).toBeFocused();

  await fillEnquiry(page, email, 'x'.repeat(5001));
  await expect(f.getByText('5,001 of 5,000 characters')).toBeVisible();
  await f.getByRole('checkbox', { name: /I agree that Ascent may use these details/ }).check();
  await f.getByRole('button', { name: 'Send message' }).click();
  await expect(f.getByText('Your message is 5001 characters long; please keep it to 5,000.')).toBeVisible();

  await f.getByRole('textbox', { name: 'Message' }).fill(message);
  await f.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your message is on its way' })).toBeVisible();

  await expect
    .poll(
      async () => (await mailsTo(stack, 'advisory@ascent.example')).filter((m) => m.text.includes(message)).length,
      {
        timeout: 15_000,
      },
    )
    .toBe(1);
  await expect
    .poll(async () => (await mailsTo(stack, email)).map((m) => m.subject), { timeout: 15_000 })
    .toEqual(['Thank you for contacting Ascent']);
  // The institute's logo heads the mail, as a PNG (mail programs show no SVG) that answers.
  const [receipt] = await mailsTo(stack, email);
  const logo = /<img src="([^"]+)" alt="Ascent"/.exec(receipt!.html ?? '')?.[1]?.replaceAll('&#38;', '&');
  expect(logo, 'the logo in the HTML').toMatch(/\/images\/.+[?&]fm=png/);
  const image = await request.get(logo!);
  expect(image.headers()['content-type']).toBe('image/png');
});

test('a filled-in honeypot is refused with a message', async ({ page }, testInfo) => {
  await openHydrated(page, '/contact');
  await fillEnquiry(page, `robot-${testInfo.testId.slice(0, 8)}@example.com`, 'Buy now');
  await form(page)
    .getByRole('checkbox', { name: /I agree/ })
    .check();
  // The fills above woke the form's code, which swaps the server's form for its own. A fill whose
  // element was found just before that swap writes into the detached server input and is lost, so
  // the robot's fill waits for the swap (what was typed before it is carried over: the fields above).
  await expect(page.locator('.server-block:not([data-server-html]) form.enquiry-form')).toHaveCount(1);
  // A robot fills every field it finds, hidden or not.
  await form(page).locator('input[name="website"]').fill('https://spam.example', { force: true });
  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expect(form(page).getByRole('alert')).toHaveText(/This message looks automated and was not sent/);
});

const scan: Record<Theme, (page: Page) => Promise<AxeResults>> = {
  light: scanAllRules,
  dark: scanThemeDependentRules,
};

for (const theme of ['light', 'dark'] as const) {
  test(`the enquiry form with its errors passes axe (${theme})`, async ({ page, setTheme }) => {
    await setTheme(page, theme);
    await openHydrated(page, '/contact');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(form(page).getByText('Please enter your name.')).toBeVisible();
    await settle(page);
    const { violations } = await scan[theme](page);
    expect(violations.length, `/contact with errors (${theme}):\n${describeViolations(violations)}`).toBe(0);
  });
}
