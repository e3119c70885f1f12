/**
 * Links to a section inside the page's own blocks (a hero's "Past events", "Browse the
 * catalogue", a service's `#programs`) scroll smoothly to just below the header, as header links
 * do (specification: Header), and put the hash in the URL once there; and a URL whose fragment is
 * no valid percent-encoding (`#100%`) leaves the page standing.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openHydrated } from './support/hydrated.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** Starts recording every scroll position the window passes through. */
async function recordScrolling(page: Page): Promise<void> {
  await page.evaluate(() => {
    const positions: number[] = [];
    (window as unknown as { positions: number[] }).positions = positions;
    window.addEventListener('scroll', () => positions.push(window.scrollY), { passive: true });
  });
}

const positions = (page: Page) => page.evaluate(() => (window as unknown as { positions: number[] }).positions);

/** The section's top relative to the viewport, minus the header's height (0: just below it). */
function offsetBelowHeader(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => {
    const section = document.getElementById(sectionId);
    const header = document.querySelector('[data-site-header]');
    if (!section || !header) throw new Error(`no #${sectionId} or header`);
    return section.getBoundingClientRect().top - header.getBoundingClientRect().height;
  }, id);
}

for (const [path, id] of [
  ['/events', 'past'],
  ['/training', 'catalogue'],
  ['/services/hr-advisory', 'programs'],
] as const) {
  test(`on ${path}, the hero's link to #${id} scrolls smoothly to just below the header`, async ({ page }) => {
    await openHydrated(page, path);
    await page.waitForLoadState('networkidle');
    await recordScrolling(page);
    await page.locator(`.block-hero a[href="#${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${path}#${id}$`));
    await expect.poll(async () => Math.abs(await offsetBelowHeader(page, id)), { timeout: 10_000 }).toBeLessThan(3);
    // Smooth, not a jump: the window passed through positions between the top and the section.
    const seen = await positions(page);
    const final = await page.evaluate(() => window.scrollY);
    expect(final).toBeGreaterThan(200);
    expect(
      seen.filter((y) => y > 0 && y < final - 20),
      `positions on the way: ${seen.join(', ')}`,
    ).not.toHaveLength(0);
  });
}

for (const fragment of ['#100%', '#%E0%A4%A', '#a%20b', '#%']) {
  test(`opening /about${fragment} keeps the page, header and footer`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/about${fragment}`);
    // Hydration and its effects (the hash scroll reads the fragment) are over once the network is quiet.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    await expect(page.locator('header.site-header')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Still the app: a control in the header works.
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.locator('html')).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
    expect(errors).toEqual([]);
  });
}
