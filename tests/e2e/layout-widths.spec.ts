/**
 * Layout at the widths visitors use: the maintenance page's contact bullets sit next to their text
 * (or there are none), impact figures stay inside their cards at 1200-1440 px, programme fees stay
 * inside their cards at 320 px, and the header logo has no text smaller than 12 px, fits the
 * header from 320 px up, and is a picture as sharp as the screen (not an SVG document).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openLoaded } from './support/hydrated.ts';

/** How far each element's text reaches past the content box of its nearest `container` (0: inside). */
function overflowPast(page: Page, textSelector: string, container: string) {
  return page.evaluate(
    ({ textSelector, container }) =>
      [...document.querySelectorAll(textSelector)].map((element) => {
        const card = element.closest(container);
        if (!card) throw new Error(`${textSelector} outside ${container}`);
        const range = document.createRange();
        range.selectNodeContents(element);
        const text = range.getBoundingClientRect();
        const box = card.getBoundingClientRect();
        const style = getComputedStyle(card);
        const right = box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
        const left = box.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
        return {
          text: element.textContent ?? '',
          past: Math.max(0, Math.round(text.right - right), Math.round(left - text.left)),
        };
      }),
    { textSelector, container },
  );
}

test('the maintenance page shows its e-mail and phone without bullets far from the text', async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openLoaded(page, '/maintenance-preview');
    const items = await page.locator('.maintenance-contacts li').evaluateAll((lis) =>
      lis.map((li) => {
        const range = document.createRange();
        range.selectNodeContents(li);
        return {
          text: li.textContent ?? '',
          bullet: getComputedStyle(li).listStyleType !== 'none',
          textStartsAfter: Math.round(range.getClientRects()[0]!.left - li.getBoundingClientRect().left),
        };
      }),
    );
    expect(items).toHaveLength(2);
    for (const item of items) {
      // An outside bullet sits just left of the item's box: the text must start right after it.
      if (item.bullet) expect(item.textStartsAfter, `${width} px: ${item.text}`).toBeLessThanOrEqual(24);
    }
  }
});

for (const width of [1200, 1280, 1366, 1440]) {
  test(`at ${width} px the impact figures stay inside their cards`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openLoaded(page, '/');
    await expect(page.locator('.stat__value').first()).toBeVisible();
    const figures = await overflowPast(page, '.stat__value', '.stat');
    expect(figures.length).toBeGreaterThan(3);
    expect(figures.filter((figure) => figure.past > 0)).toEqual([]);
  });
}

for (const path of ['/training', '/services/enterprise-development']) {
  test(`at 320 px the fees on ${path} stay inside their cards`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await openLoaded(page, path);
    await expect(page.locator('.program__price').first()).toBeVisible();
    const fees = await overflowPast(page, '.program__price', '.program');
    expect(fees.some((fee) => fee.text.startsWith('KES'))).toBe(true);
    expect(fees.filter((fee) => fee.past > 0)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}

/** Cap height over font size of the logo's typeface (Liberation Sans Bold, Arial's metrics: 1467/2048). */
const capHeightPerEm = 1467 / 2048;

test('the header logo’s word is no smaller than 12 px text, and the logo fits the header at every width', async ({
  page,
  request,
  sanity,
}) => {
  // The CMS's logo (an SVG); the header shows it as a picture made by the image API.
  const source = await sanity.fetch<string>(`*[_id == "siteSettings"][0].logo.asset->url`);
  const svg = await (await request.get(source)).text();
  for (const width of [1280, 1200, 1024, 768, 390, 375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await openLoaded(page, '/');
    const logo = page.locator('header.site-header img.site-header__logo');
    // The word is drawn as outlines (<g id="word">): its height as drawn, against 12 px text's cap height.
    const word = await logo.evaluate((img: HTMLImageElement, source) => {
      const style = getComputedStyle(img);
      const height = img.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      const holder = document.createElement('div');
      holder.style.cssText = 'position: absolute; visibility: hidden';
      holder.innerHTML = source;
      document.body.append(holder);
      const root = holder.querySelector('svg')!;
      const drawn = root.querySelector<SVGGraphicsElement>('#word')!.getBBox().height;
      holder.remove();
      return (drawn * height) / root.viewBox.baseVal.height;
    }, svg);
    expect(word / capHeightPerEm, `${width} px: the word's size as text`).toBeGreaterThanOrEqual(12);
    // The wordmark and the four controls share one row without pushing the page wider.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    const menuRight = await page.evaluate(() => {
      const actions = document.querySelector('.site-header__actions')!.getBoundingClientRect();
      return actions.right;
    });
    expect(menuRight, `${width} px`).toBeLessThanOrEqual(width);
  }
});

for (const { width, deviceScaleFactor } of [
  { width: 1280, deviceScaleFactor: 1 },
  { width: 390, deviceScaleFactor: 3 },
]) {
  test(`at ${width} px and ${deviceScaleFactor}× density the header logo is a picture with a pixel for each screen pixel, not an SVG`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, deviceScaleFactor });
    const page = await context.newPage();
    const logo = page.locator('header.site-header img.site-header__logo');
    const logoResponse = page.waitForResponse(
      async (response) => response.url() === (await logo.evaluate((img: HTMLImageElement) => img.currentSrc)),
    );
    await openLoaded(page, '/');
    // An SVG as an <img> is a document the page's main thread builds and paints before the page can respond.
    expect((await logoResponse).headers()['content-type']).toMatch(/^image\/(webp|avif|png|jpeg)$/);
    // The picture's height in pixels, as asked of the image API (naturalHeight is per CSS pixel).
    const drawn = await logo.evaluate((img: HTMLImageElement) => ({
      pixels: Number(new URL(img.currentSrc).searchParams.get('h')),
      shown: img.clientHeight * window.devicePixelRatio,
    }));
    expect(drawn.pixels).toBeGreaterThanOrEqual(drawn.shown);
    await context.close();
  });
}
