/**
 * What Lighthouse's mobile audits need, checked deterministically on every public route (issue
 * 15, items 5 and 6): the first paint waits for no stylesheet request (the page's CSS is inline,
 * its links disabled), the largest contentful paint's image is fetched at high priority, no SVG
 * picture loads (issue 24: less main-thread work), the page logs no console error while it loads
 * and hydrates, and the icons and manifest it links answer.
 */
import type { Page } from '@playwright/test';
import { MANIFEST_PATH, SITE_ICONS } from '../../web/app/config/site-icons.ts';
import { WALKED_PATHS } from '../support/public-routes.ts';
import { expect, test } from './fixtures.ts';
import { hydrated } from './support/hydrated.ts';

// Lighthouse's mobile emulation (a Moto G Power): the LCP element is the one a phone shows.
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

/** Resolves once React has taken the document over (every route, also those without the site header). */
async function documentHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')));
}

/** The largest contentful paint's element, as the browser reports it. */
async function lcpElement(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ tag: string; fetchPriority: string | null; loading: string | null }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as Array<PerformanceEntry & { element: Element | null }>;
          const element = entries.at(-1)?.element;
          resolve({
            tag: element?.tagName ?? '',
            fetchPriority: element?.getAttribute('fetchpriority') ?? null,
            loading: element?.getAttribute('loading') ?? null,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

for (const path of WALKED_PATHS) {
  test(`${path}: no stylesheet request before the first paint, LCP image at high priority, no SVG, no console error`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    const stylesheetRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheetRequests.push(request.url());
    });
    // An SVG picture (the logo, the tab's icon) is a document the page's main thread builds while
    // the page loads: they come as bitmaps.
    const svgResponses: string[] = [];
    page.on('response', (response) => {
      if (response.headers()['content-type']?.includes('image/svg+xml')) svgResponses.push(response.url());
    });

    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    const head = html.slice(0, html.indexOf('</head>'));
    // Every stylesheet link of the server's head is disabled, its text inline just before it.
    const links = head.match(/<link\b[^>]*\srel="stylesheet"[^>]*>/g) ?? [];
    expect(links.length, 'the page has stylesheets').toBeGreaterThan(0);
    for (const link of links) {
      expect(link, 'a render-blocking stylesheet in the head').toContain('disabled');
      const href = /\shref="([^"]*)"/.exec(link)![1]!;
      expect(head, `${href} inline`).toContain(`<style data-href="${href}">`);
    }
    expect(head, 'icons linked').toContain(`<link rel="icon" href="${SITE_ICONS.ico}"`);
    expect(head, 'manifest linked').toContain(`<link rel="manifest" href="${MANIFEST_PATH}"/>`);

    await documentHydrated(page);
    await page.waitForLoadState('networkidle');
    // The inline styles apply: the page is laid out by them, not by the browser's defaults.
    expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe('0px');
    expect(stylesheetRequests, 'stylesheets fetched while loading').toEqual([]);
    expect(svgResponses, 'SVG pictures loaded').toEqual([]);

    const lcp = await lcpElement(page);
    if (lcp.tag === 'IMG') {
      expect(lcp.fetchPriority, 'the LCP image is fetched at high priority').toBe('high');
      expect(lcp.loading).not.toBe('lazy');
    }
    expect(problems).toEqual([]);
  });
}

test('a route reached in the browser still gets its own stylesheet, and hydration keeps the inline ones', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/about');
  await hydrated(page);
  await page.getByRole('link', { name: /cart/i }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  // /cart's own stylesheet was not inline on /about: it arrives as an ordinary, enabled link.
  const cartSheet = page.locator('head link[rel="stylesheet"][href*="/assets/cart-"]');
  await expect(cartSheet).toHaveCount(1);
  expect(await cartSheet.evaluate((link: HTMLLinkElement) => link.disabled)).toBe(false);
  await expect.poll(() => cartSheet.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
  // The about page's inline styles are still there (the shell's header keeps its look).
  expect(await page.locator('head style[data-href]').count()).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test('the icons and the web app manifest answer', async ({ request }) => {
  const types: Record<string, RegExp> = { ico: /image\/x-icon/, svg: /image\/svg\+xml/, png: /image\/png/ };
  for (const path of Object.values(SITE_ICONS)) {
    const response = await request.get(path);
    expect.soft(response.status(), path).toBe(200);
    expect.soft(response.headers()['content-type'], path).toMatch(types[path.split('.').pop()!]!);
  }
  const manifest = await request.get(MANIFEST_PATH);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as { name: string; short_name: string; icons: Array<{ src: string }> };
  expect(body.name).toBeTruthy();
  expect(body.short_name.length).toBeLessThanOrEqual(12);
  for (const icon of body.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});
