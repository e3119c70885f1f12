/**
 * The three modal dialogs (mobile menu, search, gallery lightbox) share one behaviour
 * (web/app/components/ui/use-modal-dialog.ts), checked here on each: Tab and Shift+Tab go round
 * every control of the dialog and never leave it, the page behind cannot take focus, Escape
 * closes the dialog, and focus goes back to the control that opened it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Index of the focused element among the dialog's links, buttons and fields; -1 when focus is outside. */
function focusedIndex(dialog: Locator): Promise<number> {
  return dialog.evaluate((element) =>
    [...element.querySelectorAll('a[href], button, input')].indexOf(document.activeElement as Element),
  );
}

/**
 * One round of Tab from where focus is visits every visible control once, stays inside, and comes
 * back to the start (so the last control wraps to the first); Shift+Tab walks the same round backwards.
 */
async function expectTabCycle(page: Page, dialog: Locator) {
  const controls = await dialog.locator('a[href]:visible, button:visible, input:visible').count();
  expect(controls, 'the dialog has controls to cycle through').toBeGreaterThan(1);
  const forward = [await focusedIndex(dialog)];
  for (let i = 0; i < controls; i += 1) {
    await page.keyboard.press('Tab');
    forward.push(await focusedIndex(dialog));
  }
  expect(
    forward.every((index) => index >= 0),
    `focus stayed inside on Tab: ${forward.join(' ')}`,
  ).toBe(true);
  expect(new Set(forward).size, `every control reached on Tab: ${forward.join(' ')}`).toBe(controls);
  expect(forward.at(-1), 'Tab from the last control wraps to the first').toBe(forward[0]);

  const backward = [forward[0]];
  for (let i = 0; i < controls; i += 1) {
    await page.keyboard.press('Shift+Tab');
    backward.push(await focusedIndex(dialog));
  }
  expect(backward, 'Shift+Tab goes round the other way').toEqual([...forward].reverse());
}

/** The page behind is inert: focusing one of its links leaves focus in the dialog. */
async function expectPageBehindInert(page: Page, dialog: Locator) {
  await page
    .locator('footer a[href]')
    .first()
    .evaluate((link) => (link as HTMLElement).focus());
  expect(await focusedIndex(dialog), 'focus stays in the dialog').toBeGreaterThanOrEqual(0);
}

test('mobile menu: Tab cycles inside, the page behind is inert, Escape closes, focus returns', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  const opener = page.getByRole('button', { name: 'Open menu' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog).toBeVisible();
  // An open submenu adds its links to the round (on /about, About Us opens expanded).
  await expect(dialog.getByRole('button', { name: 'About Us' })).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByRole('link', { name: 'CSR' })).toBeVisible();

  await expectTabCycle(page, dialog);
  await expectPageBehindInert(page, dialog);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('search dialog: Tab cycles inside, the page behind is inert, Escape closes, focus returns', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const opener = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: /^Search / });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('textbox', { name: 'Search keywords' })).toBeFocused();

  await expectTabCycle(page, dialog);
  await expectPageBehindInert(page, dialog);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('gallery lightbox: Tab cycles inside, the page behind is inert, Escape closes, focus returns', async ({
  page,
}) => {
  await page.goto('/media');
  await page.waitForLoadState('networkidle');
  const opener = page.locator('article.album a.album__thumb').nth(1);
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('dialog.lightbox');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

  await expectTabCycle(page, dialog);
  await expectPageBehindInert(page, dialog);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
