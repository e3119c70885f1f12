/**
 * An admin list's filters live in the URL (web/app/components/admin/list-params.ts). A second
 * filter changed while the first one's navigation is still loading must keep the first: the
 * address bar changes only when a navigation commits, so the second change cannot start from it.
 */
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './support/staff.ts';

test('two filters changed before the list has loaded both stay in the URL', async ({ page }) => {
  await signInAsStaff(page);
  await page.goto('/admin/tax-documents');
  await expect(page.getByRole('heading', { name: 'Tax documents', level: 1 })).toBeVisible();

  // The list's data requests wait until both changes are made, as on a slow connection.
  let release!: () => void;
  const bothMade = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/tax-documents\.data/, async (route) => {
    await bothMade;
    await route.continue();
  });
  await page.getByLabel('eTIMS').selectOption({ label: 'Refused by eTIMS' });
  await page.getByLabel('Issued from').fill('2026-11-01');
  release();

  await expect(page).toHaveURL(/[?&]from=2026-11-01/);
  expect(new URL(page.url()).searchParams.get('status')).toBe('failed');
  await expect(page.getByLabel('eTIMS')).toHaveValue('failed');
  await expect(page.getByLabel('Issued from')).toHaveValue('2026-11-01');
});
