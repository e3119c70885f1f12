/**
 * No press is lost on a cheap phone (web/app/lib/early-presses.ts): with the CPU slowed 4× and a
 * 3G network, each control is pressed as soon as it is visible, before the page has hydrated, and
 * its action must happen. So that the presses come before hydration however fast or loaded the
 * machine is, the browser build's files are held until they are made (the window a slow phone
 * has anyway), and each press checks that React did not have its control yet: taking the hold
 * out fails these tests. Forms that render in the browser only (sign-in, checkout's steps) are
 * pressed as soon as they show.
 */
import type { Locator, Page } from '@playwright/test';
import { PROGRAM_PAGE_PATH, PUBLIC_PATHS } from '../support/public-routes.ts';
import { expect, test } from './fixtures.ts';
import { cartProgram, storeCart } from './support/checkout.ts';
import { emulateSlowPhone } from './support/slow-phone.ts';
import { createStaffUser, passSecondStep } from './support/staff.ts';

// A phone's screen, and room for slowed pages on a loaded machine.
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 120_000 });
const slowly = { timeout: 60_000 };

/** Whether React handles `control` yet (its props are on the element). */
const reactOwns = (control: Locator) =>
  control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')));

/** Holds the browser build's files until `release()`: the page cannot hydrate before then. */
async function holdScripts(page: Page): Promise<{ release(): void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (request) => {
    await held;
    await request.continue().catch(() => {});
  });
  return { release };
}

/** Presses `control` the moment it is visible, and checks that React did not have it yet. */
async function pressEarly(control: Locator): Promise<void> {
  await control.waitFor(slowly);
  expect(await reactOwns(control), 'pressed before the page hydrated').toBe(false);
  await control.click();
}

async function openSlowly(page: Page, path: string): Promise<void> {
  await emulateSlowPhone(page);
  await page.goto(path, { waitUntil: 'commit' });
}

/** Opens `path` on the slow phone with its scripts held; `release()` lets them come. */
async function openWithScriptsHeld(page: Page, path: string): Promise<{ release(): void }> {
  await emulateSlowPhone(page);
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  return scripts;
}

for (const path of PUBLIC_PATHS) {
  test(`${path}: the theme and menu buttons pressed at once both work`, async ({ page }) => {
    const scripts = await openWithScriptsHeld(page, path);
    const html = page.locator('html');
    const theme = page.getByRole('button', { name: 'Toggle theme', exact: true });
    await theme.waitFor(slowly);
    const dark = await html.evaluate((root) => root.classList.contains('dark'));
    await pressEarly(theme);
    await pressEarly(page.getByRole('button', { name: 'Open menu' }));
    scripts.release();
    await expect(html).toHaveClass(dark ? /\blight\b/ : /\bdark\b/, slowly);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible(slowly);
  });
}

test('search pressed at once opens the search dialog', async ({ page }) => {
  const scripts = await openWithScriptsHeld(page, '/about');
  await pressEarly(page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).first());
  scripts.release();
  await expect(page.getByRole('dialog', { name: /search/i })).toBeVisible(slowly);
});

test('Add to cart pressed at once adds the program', async ({ page }) => {
  const scripts = await openWithScriptsHeld(page, PROGRAM_PAGE_PATH);
  await pressEarly(page.getByRole('button', { name: /^Add to cart: / }).first());
  scripts.release();
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item', slowly);
});

/**
 * Has the page's streamed data wait until `release()`: the root hydrates, but a list whose rows
 * stream in (its Suspense boundary) stays server HTML that React cannot hydrate yet.
 */
async function holdStreamedData(page: Page, path: string): Promise<{ release(): Promise<void> }> {
  await page.route(
    (url) => url.pathname + url.search === path,
    async (route) => {
      const response = await route.fetch();
      const held = (await response.text()).replace(
        /(<script[^>]*>)(window\.__reactRouterContext\.streamController\.(?:enqueue\("P[\s\S]*?\)|close\(\)));?<\/script>/g,
        '$1(window.__heldStream = window.__heldStream || []).push(function () { $2; });</script>',
      );
      expect(held, 'the page streams data').toContain('__heldStream');
      await route.fulfill({ response, body: held });
    },
  );
  return {
    release: () =>
      page.evaluate(() => {
        for (const send of (window as unknown as { __heldStream: (() => void)[] }).__heldStream) send();
      }),
  };
}

test('Add to cart in a list pressed at once adds the program, though the list hydrates after the page', async ({
  page,
}) => {
  const path = '/training?q=executive+leadership';
  const stream = await holdStreamedData(page, path);
  const scripts = await openWithScriptsHeld(page, path);
  const add = page.getByRole('button', { name: 'Add to cart: Executive Leadership Programme' });
  await pressEarly(add);
  scripts.release();
  // The page has hydrated (its theme button is React's), the list has not: the press waits.
  await expect
    .poll(() => reactOwns(page.getByRole('button', { name: 'Toggle theme', exact: true })), slowly)
    .toBe(true);
  expect(await reactOwns(add)).toBe(false);
  await stream.release();
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item', slowly);
  await expect(
    page.getByRole('status').filter({ hasText: 'Executive Leadership Programme added to cart!' }),
  ).toBeVisible();
});

test('a gallery thumbnail pressed at once opens the lightbox, not the picture file', async ({ page }) => {
  const scripts = await openWithScriptsHeld(page, '/media');
  await pressEarly(page.locator('article.album a.album__thumb').first());
  scripts.release();
  await expect(page.locator('dialog.lightbox')).toBeVisible(slowly);
  expect(new URL(page.url()).pathname).toBe('/media');
});

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a submenu's button pressed at once opens it", async ({ page }) => {
    const scripts = await openWithScriptsHeld(page, '/');
    const about = page.locator('header.site-header nav[aria-label="Main"]').getByRole('button', { name: 'About Us' });
    await pressEarly(about);
    scripts.release();
    await expect(about).toHaveAttribute('aria-expanded', 'true', slowly);
    await expect(page.locator(`[id="${await about.getAttribute('aria-controls')}"]`)).toBeVisible();
  });
});

test('Back to top pressed at once, in the footer that hydrates later, scrolls up and focuses the header', async ({
  page,
}) => {
  const scripts = await openWithScriptsHeld(page, '/about');
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  await backToTop.waitFor(slowly);
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await pressEarly(backToTop);
  scripts.release();
  await expect.poll(() => page.evaluate(() => window.scrollY), slowly).toBe(0);
  await expect(page.locator('header.site-header')).toBeFocused();
});

test("the newsletter's Subscribe pressed at once subscribes", async ({ page }) => {
  const scripts = await openWithScriptsHeld(page, '/about');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.waitFor(slowly);
  // As the browser's autofill does: the address is in the field without a key press.
  await email.fill(`early-${Date.now().toString(36)}@example.com`);
  await pressEarly(page.getByRole('button', { name: 'Subscribe' }));
  scripts.release();
  await expect(page.getByText('Successfully subscribed to our newsletter!')).toBeVisible(slowly);
});

test("the enquiry form's Send pressed at once checks the form", async ({ page }) => {
  const scripts = await openWithScriptsHeld(page, '/contact');
  await pressEarly(page.getByRole('button', { name: 'Send message' }));
  scripts.release();
  await expect(page.getByText('Please enter your name.')).toBeVisible(slowly);
  expect(new URL(page.url()).search, 'not submitted as a GET').toBe('');
});

test("the cart's quantity buttons pressed at once work", async ({ page, serviceRole }) => {
  const program = await cartProgram(serviceRole, PROGRAM_PAGE_PATH.split('/').at(-1)!);
  await storeCart(page, [{ program, quantity: 1 }]);
  await openSlowly(page, '/cart');
  await page.getByRole('button', { name: `One seat more: ${program.title}` }).click(slowly);
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveAccessibleName('Cart, 2 items', slowly);
});

test("checkout's Place order pressed at once checks the form", async ({ page, serviceRole }) => {
  const program = await cartProgram(serviceRole, PROGRAM_PAGE_PATH.split('/').at(-1)!);
  await storeCart(page, [{ program, quantity: 1 }]);
  await openSlowly(page, '/checkout');
  // The order's steps render from the stored cart, so they appear as the page hydrates.
  await page.getByRole('button', { name: 'Continue to your details' }).click(slowly);
  await page.getByRole('button', { name: 'Place order' }).click(slowly);
  await expect(page.getByText(/enter your (full )?name/i).first()).toBeVisible(slowly);
});

test('/login/forgot: Send the link pressed at once sends it, also coming from /login', async ({ page, stack }) => {
  const staff = await createStaffUser(stack);
  await openSlowly(page, '/login');
  await page.getByLabel('E-mail').fill(staff.email, slowly);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send the link' }).click(slowly);
  await expect(page.getByRole('status')).toContainText(`If ${staff.email} belongs`, slowly);
});

test('/login: Sign in pressed at once signs in', async ({ page, stack }) => {
  const staff = await createStaffUser(stack);
  await openSlowly(page, '/login');
  await page.getByLabel('E-mail').fill(staff.email, slowly);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password is accepted: a staff member goes on to the code, on /login, then to /admin.
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible(slowly);
  await passSecondStep(page, staff);
  await expect(page).toHaveURL(/\/admin$/, slowly);
});
