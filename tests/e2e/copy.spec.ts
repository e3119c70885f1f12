/**
 * Copy a careful reader notices: one spelling of "programme" in prose on every page (the
 * specification's "Training Programs" label and the routes stay as they are), headings that count
 * their cards count them right, three-letter month badges, and "1 result found" in the singular.
 */
import type { Page } from '@playwright/test';
import { ROUTE_PATHS } from '../../web/app/config/routes-table.ts';
import { expect, test } from './fixtures.ts';
import { openHydrated, openLoaded } from './support/hydrated.ts';

const numberWords = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** The page as a visitor reads it, once its live lists are in. */
async function visibleText(page: Page): Promise<string> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  return page.evaluate(() => document.body.innerText);
}

test('every page: "programme" in prose (the "Training Programs" label kept), and card counts right', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const mixed: string[] = [];
  const miscounted: string[] = [];
  for (const path of ROUTE_PATHS) {
    await openLoaded(page, path);
    const text = (await visibleText(page)).replace(/Training Programs|Training programs/g, '');
    for (const match of text.matchAll(/.{0,30}\bprograms?\b.{0,30}/gi)) mixed.push(`${path}: …${match[0]}…`);

    const grids = await page.locator('section.block-card-grid').evaluateAll((sections) =>
      sections.map((section) => ({
        heading: section.querySelector('h2')?.textContent ?? '',
        cards: section.querySelectorAll('.card-grid > li').length,
      })),
    );
    for (const { heading, cards } of grids) {
      // A count is a number before a plural noun: "five ways", not "One institute".
      const counted = new RegExp(`\\b(${numberWords.join('|')}|\\d+) \\w+s\\b`, 'i').exec(heading)?.[1]?.toLowerCase();
      if (counted === undefined) continue;
      const count = /^\d+$/.test(counted) ? Number(counted) : numberWords.indexOf(counted) + 1;
      if (count !== cards) miscounted.push(`${path}: "${heading}" above ${cards} cards`);
    }
  }
  expect(mixed).toEqual([]);
  expect(miscounted).toEqual([]);
});

test('every month badge on /events has three letters (SEP beside AUG and OCT)', async ({ page }) => {
  await openLoaded(page, '/events');
  const months = await page
    .locator('.event__month')
    .evaluateAll((badges) => badges.map((badge) => (badge as HTMLElement).innerText));
  expect(months.length).toBeGreaterThan(5);
  for (const month of months) expect(month).toMatch(/^[A-Z]{3}$/);
});

test('the search says "1 result found" for a single match', async ({ page, serviceRole }) => {
  const text = 'Dairy Value Chain';
  // The seed has this one event and nothing else containing the text.
  const [events, programs, services] = await Promise.all([
    serviceRole.from('public_events').select('id').or(`title.ilike.*${text}*,description.ilike.*${text}*`),
    serviceRole
      .from('public_training_programs')
      .select('id')
      .or(`title.ilike.*${text}*,category.ilike.*${text}*,focus.ilike.*${text}*`),
    serviceRole.from('public_services').select('id').or(`title.ilike.*${text}*,description.ilike.*${text}*`),
  ]);
  for (const { error } of [events, programs, services]) expect(error).toBeNull();
  expect((events.data?.length ?? 0) + (programs.data?.length ?? 0) + (services.data?.length ?? 0)).toBe(1);

  await openHydrated(page, '/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).first();
  await button.click();
  const box = page.getByRole('dialog').getByRole('textbox', { name: 'Search keywords' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText('1 result found');
});
