/**
 * The header menus reach every page a visitor looks for (the group's technology and insurance
 * companies under About Us, from the CMS navigation), and the mobile menu opens with the section
 * holding the current page expanded.
 */
import { expect, test } from './fixtures.ts';
import { openHydrated } from './support/hydrated.ts';

const companies = [
  { name: 'Ascent Technologies', path: '/ascent-technologies' },
  { name: 'Ascent Shield Insurance', path: '/ascent-shield-insurance' },
];

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('About Us leads to the technology and insurance companies', async ({ page }) => {
    for (const { name, path } of companies) {
      await openHydrated(page, '/');
      const nav = page.locator('header.site-header nav[aria-label="Main"]').first();
      const about = nav.getByRole('button', { name: 'About Us' });
      await about.click();
      await expect(about).toHaveAttribute('aria-expanded', 'true');
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', path);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // There, About Us is the active section and the page its current item.
      await expect(about.locator('xpath=..')).toHaveAttribute('data-active', 'true');
      await expect(nav.getByRole('link', { name, exact: true, includeHidden: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const sections = [
    { path: '/services/hr-advisory', section: 'Our Services', link: 'HR Advisory' },
    { path: '/about/csr', section: 'About Us', link: 'CSR' },
    { path: '/ascent-shield-insurance', section: 'About Us', link: 'Ascent Shield Insurance' },
    { path: '/training-model/training-modes', section: 'Training Model', link: 'Training Modes' },
  ];

  for (const { path, section, link } of sections) {
    test(`on ${path} it opens with ${section} expanded`, async ({ page }) => {
      await openHydrated(page, path);
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      const dialog = page.getByRole('dialog', { name: 'Menu' });
      await menuButton.click();
      await expect(dialog).toBeVisible();
      const toggles = dialog.getByRole('button', { name: /./, expanded: true });
      await expect(toggles).toHaveCount(1);
      await expect(toggles).toHaveAccessibleName(section);
      await expect(dialog.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');

      // Collapsed by the visitor, it opens expanded again next time.
      await toggles.click();
      await expect(dialog.getByRole('button', { name: section })).toHaveAttribute('aria-expanded', 'false');
      await dialog.getByRole('button', { name: 'Close menu' }).click();
      await expect(dialog).toBeHidden();
      await menuButton.click();
      await expect(dialog.getByRole('button', { name: section })).toHaveAttribute('aria-expanded', 'true');
    });
  }

  test('on a page outside any section nothing is expanded', async ({ page }) => {
    await openHydrated(page, '/training');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { expanded: true })).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Training Programs' })).toHaveAttribute('aria-current', 'page');
  });
});
