/**
 * Back after leaving a page whose lists stream in (/training, /services, /events) puts the visitor
 * where they were, within a few pixels, once the lists are there: not where the view drifts to
 * when a list fills in under a position restored too early.
 * A global-state spec for its own stack: the site specs add events (registrations) to /events, and
 * one added above the card between leaving and coming back moves it by a card's height.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openLoaded } from './support/hydrated.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** A card deep in each page's live list, and the list item it is. */
const pages = [
  { path: '/training', item: '.program', title: 'Treasury and Cash Management' },
  { path: '/services', item: '.service-card', title: 'Team Building' },
  { path: '/events', item: '.event', title: 'HR Practitioners Roundtable: Performance Contracting' },
] as const;

/** Clicks a header link the way a visitor's pointer does (Playwright's own click may scroll first). */
async function clickInHeader(page: Page, name: string) {
  const box = await page
    .locator('header.site-header nav[aria-label="Main"]')
    .first()
    .getByRole('link', { name, exact: true })
    .boundingBox();
  if (!box) throw new Error(`no visible header link ${name}`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Two frames: any scroll adjustment for content that just arrived has been made. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

for (const { path, item, title } of pages) {
  test(`Back to ${path} lands where the visitor was, with the list in place`, async ({ page }) => {
    await openLoaded(page, path);
    const card = page.locator(item).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card).toHaveCount(1);
    // Scroll so the card sits a little below the header, as a visitor reading it would.
    await card.evaluate((element) => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: top - 150, behavior: 'instant' });
    });
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(800);
    const cardTop = await card.evaluate((element) => element.getBoundingClientRect().top);

    await clickInHeader(page, 'Contact');
    await expect(page).toHaveURL(/\/contact$/);
    await page.waitForLoadState('networkidle');

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(card).toBeVisible();
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    await page.waitForLoadState('networkidle');
    await nextFrames(page);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(4);
    expect(
      Math.abs((await card.evaluate((element) => element.getBoundingClientRect().top)) - cardTop),
    ).toBeLessThanOrEqual(4);
  });
}
