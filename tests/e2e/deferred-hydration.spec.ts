/**
 * Hydration once the page is on screen (web/app/lib/document-head/deferred-hydration.server.ts):
 * on every kind of route it hydrates and works whether the JavaScript arrives fast or slowly, or
 * the shared framework file before the route modules (the order that once let hydration start
 * before the route modules were registered); no script is fetched before the LCP image has
 * painted, unless the visitor presses a key or the pointer first, which starts hydration at once.
 */
import type { Page } from '@playwright/test';
import { PROGRAM_PAGE_PATH } from '../support/public-routes.ts';
import { expect, test } from './fixtures.ts';
import { hydrated } from './support/hydrated.ts';

/** A CMS page, a program page, the cart, checkout, the staff sign-in (where /admin leads), a 404. */
const routes = [
  { path: '/about', status: 200, siteHeader: true },
  { path: PROGRAM_PAGE_PATH, status: 200, siteHeader: true },
  { path: '/cart', status: 200, siteHeader: true },
  { path: '/checkout', status: 200, siteHeader: true },
  { path: '/admin', status: 200, siteHeader: false },
  { path: '/no-such-page-for-hydration', status: 404, siteHeader: true },
];

/** How the browser build's files arrive: how long each waits before it is answered. */
const networks: Array<{ name: string; delayMs: (file: string) => number }> = [
  { name: 'fast', delayMs: () => 0 },
  { name: 'slow', delayMs: () => 1200 },
  {
    // The framework file and the client entry first, the route modules well after them.
    name: 'route modules last',
    delayMs: (file) => (/^(root|entry\.client|rolldown-runtime)-/.test(file) ? 0 : 1500),
  },
];

/** Resolves once React has taken the document over (also on routes without the site header). */
async function documentHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')));
}

/**
 * Collects the page's errors (React Router's "SSR features" error on a hydration race among them);
 * not the browser's note that the document itself answered 404.
 */
function pageErrors(page: Page, path: string): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    const ownStatus = message.text().startsWith('Failed to load resource') && message.location().url.endsWith(path);
    if (message.type() === 'error' && !ownStatus) errors.push(message.text());
  });
  return errors;
}

for (const network of networks) {
  for (const route of routes) {
    test(`${route.path} hydrates and works with the JavaScript ${network.name}`, async ({ page }) => {
      const errors = pageErrors(page, route.path);
      await page.route('**/assets/*.js', async (request) => {
        const file = new URL(request.request().url()).pathname.split('/').at(-1)!;
        const delay = network.delayMs(file);
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
        await request.continue();
      });
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status);
      await documentHydrated(page);
      if (route.siteHeader) {
        // The app answers: the theme button switches the class on <html>.
        await hydrated(page);
        const dark = await page.locator('html').evaluate((html) => html.classList.contains('dark'));
        await page.getByRole('button', { name: 'Toggle theme', exact: true }).click();
        await expect(page.locator('html')).toHaveClass(dark ? /\blight\b/ : /\bdark\b/);
      }
      expect(errors).toEqual([]);
    });
  }
}

test('no script is fetched before the LCP image has painted, and the page hydrates after it', async ({ page }) => {
  await page.goto('/about');
  await hydrated(page);
  const timing = await page.evaluate(async () => {
    const lcp = await new Promise<PerformanceEntry & { element: Element | null }>((resolve) => {
      new PerformanceObserver((list) => {
        resolve(list.getEntries().at(-1) as PerformanceEntry & { element: Element | null });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'));
    return {
      lcpImage: lcp.element?.matches('img[fetchpriority="high"]') ?? false,
      lcpTime: lcp.startTime,
      scriptStarts: scripts.map((entry) => entry.startTime),
    };
  });
  expect(timing.lcpImage).toBe(true);
  expect(timing.scriptStarts.length).toBeGreaterThan(0);
  for (const start of timing.scriptStarts) expect(start).toBeGreaterThanOrEqual(timing.lcpTime);
});

test('errors made while the framework file runs carry no stack, errors after it do', async ({ page }) => {
  // V8 parses the whole file again to record such a stack (most of the file's evaluation time);
  // the probe is an error the framework's first statement makes, as React DOM's module does.
  await page.route(/\/assets\/root-[^/]+\.js$/, async (request) => {
    const response = await request.fetch();
    const probe = 'globalThis.__frameworkErrorStack = String(new Error("probe").stack);\n';
    await request.fulfill({ response, body: probe + (await response.text()) });
  });
  await page.goto('/about');
  await hydrated(page);
  const stacks = await page.evaluate(() => ({
    framework: (globalThis as { __frameworkErrorStack?: string }).__frameworkErrorStack,
    after: new Error('after').stack ?? '',
    limit: Error.stackTraceLimit,
  }));
  expect(stacks.framework).toBe('undefined');
  expect(stacks.after).toMatch(/^Error: after\n\s+at /);
  expect(stacks.limit).toBe(10);
});

test("a key press before the page's images have loaded starts hydration at once", async ({ page }) => {
  // The content lake's images hang: neither the LCP image's paint nor `load` can come first.
  let releaseImages!: () => void;
  const imagesHeld = new Promise<void>((resolve) => (releaseImages = resolve));
  await page.route('**/images/**', async (request) => {
    await imagesHeld;
    await request.continue().catch(() => {});
  });
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  await page.keyboard.press('Shift');
  await hydrated(page);
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  releaseImages();
});

for (const cpu of [
  { name: '', slowdown: 1 },
  { name: ' on a CPU slowed 6×', slowdown: 6 },
]) {
  test(`presses on Add to cart and the theme button before hydration take effect once it comes, each once${cpu.name}`, async ({
    page,
  }) => {
    // On a slow CPU React hydrates in many slices: a press made again in between, on an element it
    // has reached but not yet committed, went to a render React then threw away, and was lost.
    if (cpu.slowdown > 1)
      await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu.slowdown });
    // The browser build's files hang until released: every press below comes before hydration.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (request) => {
      await scriptsHeld;
      await request.continue().catch(() => {});
    });
    await page.goto(PROGRAM_PAGE_PATH, { waitUntil: 'domcontentloaded' });
    const html = page.locator('html');
    const dark = await html.evaluate((root) => root.classList.contains('dark'));
    const addToCart = page.getByRole('button', { name: 'Add to cart: Executive Leadership Programme' });
    await addToCart.click();
    await addToCart.click();
    await page.getByRole('button', { name: 'Toggle theme', exact: true }).click();
    expect(await page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')))).toBe(
      false,
    );

    releaseScripts();
    const toasts = page.getByRole('status');
    await expect(toasts.filter({ hasText: 'Executive Leadership Programme added to cart!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('link', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item');
    await expect(html).toHaveClass(dark ? /\blight\b/ : /\bdark\b/);
    // Pressed twice while nothing happened, it counted once: no "already in your cart".
    await expect(toasts.filter({ hasText: 'already in your cart' })).toHaveCount(0);
  });
}
