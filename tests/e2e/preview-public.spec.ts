/**
 * Issue 31: preview mode's code (the visual-editing overlay, 168 KB gzip) loads only in preview
 * mode. A public CMS page, visited and then navigated (the route's lazy code), fetches none of it. The overlay's
 * comlink message name marks its code; the build must contain it, or this test would prove nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

const overlayMark = 'visual-editing/refreshing';
const assets = join(import.meta.dirname, '..', '..', 'web', 'build', 'client', 'assets');

test('a public page loads none of preview mode’s code, before or after a client navigation', async ({ page }) => {
  const built = readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(built.some((file) => readFileSync(join(assets, file), 'utf8').includes(overlayMark))).toBe(true);

  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  expect(scripts.filter((_, index) => bodies[index]?.includes(overlayMark))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
});
