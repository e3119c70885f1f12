/**
 * A search group cut at the dialog's limit says how many matched and links to the rest: for
 * training programmes, the catalogue filtered by the same text (`/training?q=<text>`, the text
 * URL-encoded: search-results.test.ts checks awkward text). The catalogue's own filtering is
 * the commerce branch's (/training?q=).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { expect, test } from './fixtures.ts';
import { openHydrated } from './support/hydrated.ts';

/** The dialog's limit per group (RESULTS_PER_GROUP in web/app/features/search/search-catalogue.ts). */
const RESULTS_PER_GROUP = 20;

/** Published programmes whose title, category or focus contains `text` (any case), counted here. */
async function matchingPrograms(serviceRole: SupabaseClient<Database>, text: string): Promise<number> {
  const { data, error } = await serviceRole.from('public_training_programs').select('title, category, focus');
  if (error) throw new Error(error.message);
  const needle = text.toLowerCase();
  return data.filter((row) =>
    [row.title, row.category, row.focus].some((value) => (value ?? '').toLowerCase().includes(needle)),
  ).length;
}

async function search(page: import('@playwright/test').Page, text: string) {
  await openHydrated(page, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('textbox', { name: 'Search keywords' });
  await box.fill(text);
  await box.press('Enter');
  return dialog;
}

test('"e" shows 20 programmes, says how many matched, and links to the filtered catalogue', async ({
  page,
  serviceRole,
}) => {
  const total = await matchingPrograms(serviceRole, 'e');
  expect(total).toBeGreaterThan(RESULTS_PER_GROUP);
  const dialog = await search(page, 'e');
  const programs = dialog.getByRole('region', { name: 'Training Programs' });
  await expect(programs.getByRole('listitem')).toHaveCount(RESULTS_PER_GROUP);
  await expect(programs).toContainText(`Showing ${RESULTS_PER_GROUP} of ${total} matches.`);
  const seeAll = programs.getByRole('link', { name: `See all ${total} in the training catalogue` });
  await expect(seeAll).toHaveAttribute('href', '/training?q=e');
  // The status counts every match, not only the ones listed.
  await expect(dialog.getByRole('status')).toHaveText(/^\d+ results found$/);
  const found = Number((await dialog.getByRole('status').textContent())?.split(' ')[0]);
  expect(found).toBeGreaterThanOrEqual(total);

  await seeAll.click();
  await expect(page).toHaveURL(/\/training\?q=e$/);
  await expect(dialog).toBeHidden();
});

test('a group that fits shows no count line and no link', async ({ page }) => {
  const dialog = await search(page, 'Financial Excellence');
  const services = dialog.getByRole('region', { name: 'Services' });
  await expect(services.getByRole('listitem')).not.toHaveCount(0);
  await expect(services.getByText(/^Showing /)).toHaveCount(0);
  await expect(services.getByRole('link', { name: /^See all / })).toHaveCount(0);
});
