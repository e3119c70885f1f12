/**
 * The public 404 page offers a way on: the site search and the main menu's pages as suggestions
 * (each of which answers), keyboard-operable, axe clean in both themes.
 */
import type { Page } from '@playwright/test';
import { expect, test, type Theme } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules, type AxeResults } from './support/axe-scan.ts';
import { hydrated } from './support/hydrated.ts';
import { settle } from './support/settle.ts';

const MISSING = '/no-such-page-here';

test('the 404 page offers the site search and suggested pages that answer', async ({ page, request }) => {
  const response = await page.goto(MISSING);
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');

  const suggestions = page.getByRole('navigation', { name: 'Perhaps one of these pages' }).getByRole('link');
  expect(await suggestions.count()).toBeGreaterThanOrEqual(4);
  for (const href of await suggestions.evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
    expect((await request.get(href)).status(), href).toBe(200);
  }

  await expect(page.getByRole('main')).toContainText('Search the site:');
  const search = page.getByRole('main').getByRole('button', { name: 'Search', exact: true });
  await search.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Search keywords' })).toBeFocused();
});

const scan: Record<Theme, (page: Page) => Promise<AxeResults>> = {
  light: scanAllRules,
  dark: scanThemeDependentRules,
};

for (const theme of ['light', 'dark'] as const) {
  test(`the 404 page passes axe (${theme})`, async ({ page, setTheme }) => {
    await setTheme(page, theme);
    await page.goto(MISSING);
    await hydrated(page);
    await settle(page);
    const { violations } = await scan[theme](page);
    expect(violations.length, describeViolations(violations)).toBe(0);
  });
}
