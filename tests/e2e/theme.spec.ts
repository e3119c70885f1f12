/**
 * The theme control (spec §2 "Theme control", §4 "Theme"): a 'Toggle theme' button showing a sun
 * in dark mode and a moon in light mode; each press swaps the class on <html> and stores `theme`;
 * the stored choice survives a reload; only a stored 'dark' starts dark; and a stored dark theme
 * is in place before the first paint, without waiting for the app's JavaScript.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './support/hydrated.ts';
import { assertNoCspProblems, guardCsp } from './support/csp-guard.ts';

const toggle = (page: Page) => page.getByRole('button', { name: 'Toggle theme', exact: true });
// The icons are decorative (aria-hidden); `data-icon` is the toggle's test contract, `.lucide-*` if lucide is used.
const sun = (page: Page) => toggle(page).locator('[data-icon="sun"], .lucide-sun');
const moon = (page: Page) => toggle(page).locator('[data-icon="moon"], .lucide-moon');
const html = (page: Page) => page.locator('html');
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

async function expectTheme(page: Page, theme: 'dark' | 'light') {
  const other = theme === 'dark' ? 'light' : 'dark';
  await expect(html(page)).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  await expect(html(page)).not.toHaveClass(new RegExp(`(^|\\s)${other}(\\s|$)`));
  await expect(theme === 'dark' ? sun(page) : moon(page)).toBeVisible();
  await expect(theme === 'dark' ? moon(page) : sun(page)).toBeHidden();
}

test('a Toggle theme button shows a moon in light mode (the default)', async ({ page }) => {
  await page.goto('/');
  await expect(toggle(page)).toBeVisible();
  await expectTheme(page, 'light');
  expect(await storedTheme(page)).toBeNull();
});

test('pressing it switches the class on <html>, the icon and the stored theme, both ways', async ({ page }) => {
  await page.goto('/about');
  await hydrated(page);
  await toggle(page).click();
  await expectTheme(page, 'dark');
  expect(await storedTheme(page)).toBe('dark');

  await toggle(page).click();
  await expectTheme(page, 'light');
  expect(await storedTheme(page)).toBe('light');
});

test('the chosen theme survives a reload and a navigation', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await toggle(page).click();
  await expectTheme(page, 'dark');
  await page.reload();
  await expectTheme(page, 'dark');
  await page.goto('/contact');
  await expectTheme(page, 'dark');
  await hydrated(page);
  await toggle(page).click();
  await page.reload();
  await expectTheme(page, 'light');
});

test('a stored dark theme starts dark with the sun icon', async ({ page, setTheme }) => {
  await setTheme(page, 'dark');
  await page.goto('/');
  await expectTheme(page, 'dark');
});

for (const stored of ['light', 'DARK', 'dark ', '"dark"', 'true', '']) {
  test(`a stored theme of ${JSON.stringify(stored)} starts light`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), stored);
    await page.goto('/');
    await hydrated(page);
    await expectTheme(page, 'light');
    // The app, too, holds light: React runs the page's effects before it handles the click, and
    // the press leads to dark.
    await toggle(page).click();
    await expectTheme(page, 'dark');
  });
}

test('no flash: with a stored dark theme <html> is dark before any app script runs', async ({ page, setTheme }) => {
  await setTheme(page, 'dark');
  // Record the root class at the first moment <body> exists: the head (and its inline boot script)
  // has been parsed, while module scripts, which are deferred, have not run yet.
  await page.addInitScript(() => {
    const w = window as unknown as { __rootClassAtBody?: string };
    const observer = new MutationObserver(() => {
      if (!document.body || w.__rootClassAtBody !== undefined) return;
      w.__rootClassAtBody = document.documentElement.className;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  const classAtBody = await page.evaluate(
    () => (window as unknown as { __rootClassAtBody?: string }).__rootClassAtBody,
  );
  expect(classAtBody?.split(/\s+/)).toContain('dark');
  expect(classAtBody?.split(/\s+/)).not.toContain('light');
});

test('no flash: the first paint is dark, even if the app JavaScript never runs', async ({
  browser,
  page,
  setTheme,
}) => {
  // Only the inline boot script may run: every JavaScript file is refused.
  await page.route(/\.m?js(\?|$)/, (route) => route.abort());
  await setTheme(page, 'dark');
  await page.goto('/');
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const color = await page.evaluate(() => getComputedStyle(document.body).color);

  // The same page in the light theme (a fresh context: nothing stored) must look different,
  // or the check above proves nothing.
  const lightContext = await browser.newContext();
  const lightCsp = await guardCsp(lightContext);
  const light = await lightContext.newPage();
  await light.route(/\.m?js(\?|$)/, (route) => route.abort());
  await light.goto(page.url());
  const lightBackground = await light.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await lightContext.close();
  assertNoCspProblems(lightCsp);
  expect(background).not.toBe(lightBackground);
  expect(relativeLuminance(background)).toBeLessThan(relativeLuminance(color));
});

/** WCAG relative luminance of a computed `rgb(...)`/`rgba(...)` colour. */
function relativeLuminance(css: string): number {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
