/**
 * Card grids at a phone's and a desktop's width: a card is as tall as what it holds. On /events
 * "Event formats" one card has a picture and five have none; stretched to the pictured card's
 * height, the text cards were mostly empty space.
 */
import { expect, test } from './fixtures.ts';
import { openLoaded } from './support/hydrated.ts';

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`/events "Event formats": no card stretches around empty space (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openLoaded(page, '/events');
    const grid = page.locator('#formats .card-grid');
    await expect(grid.locator('.card')).toHaveCount(6);
    await expect(grid.locator('.card__image')).toHaveCount(1);
    const gaps = await grid.locator('.card').evaluateAll((cards) =>
      cards.map((card) => {
        const body = card.querySelector('.card__body')!;
        const last = body.lastElementChild!;
        const padding = parseFloat(getComputedStyle(body).paddingBottom);
        const border = parseFloat(getComputedStyle(card).borderBottomWidth);
        const empty = card.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom - padding - border;
        return { title: body.querySelector('.card__title')?.textContent, empty: Math.round(empty) };
      }),
    );
    for (const { title, empty } of gaps)
      expect(empty, `${title}: empty space below its text (px)`).toBeLessThanOrEqual(2);
  });
}
