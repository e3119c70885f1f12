/**
 * The search dialog in the browser against the real stack (seed catalogue, anon key, the
 * database's search_catalogue). Slow responses are made by holding real requests until the test
 * lets them go, failures by aborting them.
 */
import type { Database } from '../../supabase/database.types.ts';
import type { Page, Request, Route } from '@playwright/test';
import { SEARCH_MAX_LENGTH } from '../../web/app/features/search/search-limits.ts';
import { expect as baseExpect, test } from './fixtures.ts';

// A shared, busy test machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The search's one call (web/app/features/search/search-catalogue.ts). */
const REST = /\/rest\/v1\/rpc\/search_catalogue$/;

/** The text a search call asked for. */
const queryOf = (request: Request) => (request.postDataJSON() as { query: string }).query;

type Row = Record<string, string>;

/** What the dialog must list for `text`, worked out in JavaScript from every published row. */
async function expectedTitles(serviceRole: import('@supabase/supabase-js').SupabaseClient<Database>, text: string) {
  const needle = text.toLowerCase();
  const read = async (
    view: 'public_events' | 'public_training_programs' | 'public_services',
    select: string,
    match: string[],
  ) => {
    const { data, error } = await serviceRole.from(view).select(select);
    if (error) throw new Error(error.message);
    return (data as unknown as Row[]).filter((row) =>
      match.some((column) => row[column]!.toLowerCase().includes(needle)),
    );
  };
  return {
    events: await read('public_events', 'id,title,description', ['title', 'description']),
    programs: await read('public_training_programs', 'id,title,category,focus', ['title', 'category', 'focus']),
    services: await read('public_services', 'id,title,description,slug', ['title', 'description']),
  };
}

async function instituteName(sanity: import('@sanity/client').SanityClient): Promise<string> {
  return sanity.fetch<string>(`*[_id == "siteSettings"][0].instituteName`);
}

/**
 * Opens the dialog from the header: clicks until the hydrated button reacts (aria-expanded), then
 * waits for the lazily loaded dialog.
 */
async function openSearch(page: Page, name: string) {
  if (page.url() === 'about:blank') await page.goto('/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).first();
  const dialog = page.getByRole('dialog', { name: `Search ${name}` });
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click({ timeout: 2_000 });
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  const box = dialog.getByRole('textbox', { name: 'Search keywords' });
  return { button, dialog, box, submit: dialog.getByRole('button', { name: 'Search', exact: true }) };
}

/** Records the search's REST requests and their outcomes. */
function watchRequests(page: Page) {
  const sent: Request[] = [];
  const statuses: number[] = [];
  page.on('request', (request) => {
    if (REST.test(request.url())) sent.push(request);
  });
  page.on('response', (response) => {
    if (REST.test(response.url())) statuses.push(response.status());
  });
  return { sent, statuses };
}

/**
 * Holds the search's REST requests that `matches` selects until `release()`, as a slow connection
 * would; `settled()` resolves once each held request has finished or failed in the browser.
 */
async function holdRequests(page: Page, matches: (request: Request) => boolean = () => true) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: Request[] = [];
  const done = new Map<Request, Promise<void>>();
  const ended = (request: Request) =>
    new Promise<void>((resolve) => {
      const end = (other: Request) => {
        if (other !== request) return;
        page.off('requestfinished', end);
        page.off('requestfailed', end);
        resolve();
      };
      page.on('requestfinished', end);
      page.on('requestfailed', end);
    });
  await page.route(REST, async (route: Route) => {
    const request = route.request();
    if (!matches(request)) return route.continue();
    held.push(request);
    done.set(request, ended(request));
    await gate;
    // The page may have aborted it meanwhile (a newer search): then there is nothing to continue.
    await route.continue().catch(() => undefined);
  });
  return {
    held,
    release: () => release(),
    settled: async () => {
      await Promise.all(done.values());
      // One more turn of the page's event loop, so whatever the replies set off has run.
      await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve))));
    },
  };
}

test('the dialog: title, hint, labelled text box; modal, focus trapped, Escape closes and returns focus', async ({
  page,
  sanity,
}) => {
  const name = await instituteName(sanity);
  const { button, dialog, box } = await openSearch(page, name);
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('heading', { name: `Search ${name}` })).toBeVisible();
  await expect(
    dialog.getByText('Enter keywords to find events, programs, or services.', { exact: true }),
  ).toBeVisible();
  await expect(box).toHaveAttribute('placeholder', 'Search...');
  await expect(box).toBeFocused();

  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `focus after ${key}`).toBe(
      true,
    );
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('Enter searches: one call goes out, a spinner shows, results are grouped with their links', async ({
  page,
  sanity,
  serviceRole,
}) => {
  const name = await instituteName(sanity);
  const expected = await expectedTitles(serviceRole, 'leadership');
  for (const rows of Object.values(expected)) expect(rows.length).toBeGreaterThan(0);

  const { sent } = watchRequests(page);
  const slow = await holdRequests(page);
  const { dialog, box } = await openSearch(page, name);
  await box.fill('leadership');
  await box.press('Enter');

  const status = dialog.getByRole('status');
  await expect(status).toContainText('Searching');
  await expect(dialog.locator('.search-spinner')).toBeVisible();
  await expect.poll(() => slow.held.length).toBe(1);
  expect(sent.map((request) => request.postDataJSON())).toEqual([{ query: 'leadership', per_group: 20 }]);
  slow.release();

  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(['Events', 'Training Programs', 'Services']);
  await expect(dialog.locator('.search-spinner')).toHaveCount(0);
  const group = (heading: string) => dialog.getByRole('region', { name: heading }).getByRole('link');
  expect((await group('Events').allTextContents()).sort()).toEqual(expected.events.map((r) => r.title!).sort());
  for (const link of await group('Events').all()) await expect(link).toHaveAttribute('href', '/events');
  expect((await group('Training Programs').allTextContents()).sort()).toEqual(
    expected.programs.map((r) => r.title!).sort(),
  );
  for (const link of await group('Training Programs').all()) await expect(link).toHaveAttribute('href', '/training');
  const services = group('Services');
  expect((await services.allTextContents()).sort()).toEqual(expected.services.map((r) => r.title!).sort());
  for (const row of expected.services) {
    await expect(services.filter({ hasText: row.title! })).toHaveAttribute('href', `/services/${row.slug}`);
  }
});

test('the Search button searches too, and a result link navigates and closes the dialog', async ({ page, sanity }) => {
  const { dialog, box, submit } = await openSearch(page, await instituteName(sanity));
  await box.fill('Financial Excellence');
  await submit.click();
  const link = dialog.getByRole('region', { name: 'Services' }).getByRole('link', { name: 'Financial Excellence' });
  await expect(link).toHaveAttribute('href', '/services/financial-excellence');
  await link.click();
  await expect(page).toHaveURL(/\/services\/financial-excellence$/);
  await expect(dialog).toBeHidden();
});

test("'No results found.' when nothing matches", async ({ page, sanity }) => {
  const { dialog, box } = await openSearch(page, await instituteName(sanity));
  await box.fill(`zq${Date.now().toString(36)}nothing`);
  await box.press('Enter');
  await expect(dialog.getByText('No results found.', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(0);
});

test('a pasted text longer than the search takes is cut at its length and searched', async ({ page, sanity }) => {
  const { dialog, box } = await openSearch(page, await instituteName(sanity));
  await box.fill('leadership '.repeat(40));
  await expect(box).toHaveValue('leadership '.repeat(40).slice(0, SEARCH_MAX_LENGTH));
  await box.press('Enter');
  await expect(dialog.getByText('No results found.', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('the search says it failed when its call fails, and shows no results', async ({ page, sanity }) => {
  await page.route(REST, (route) => route.abort('failed'));
  const { dialog, box } = await openSearch(page, await instituteName(sanity));
  await box.fill('leadership');
  await box.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Failed to perform search. Please try again.');
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(0);
});

test('a blank or whitespace-only query makes no request and clears the results', async ({ page, sanity }) => {
  const { sent } = watchRequests(page);
  const { dialog, box, submit } = await openSearch(page, await instituteName(sanity));
  await box.fill('leadership');
  await box.press('Enter');
  await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
  const before = sent.length;

  for (const blank of ['', '   ', ' \t ']) {
    await box.fill(blank);
    await box.press('Enter');
    await submit.click();
  }
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(0);
  await expect(dialog.getByText('No results found.')).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // A real search next: had a blank one sent anything, it would be among the requests before its own.
  const marker = `zq${Date.now().toString(36)}marker`;
  await box.fill(marker);
  await box.press('Enter');
  await expect(dialog.getByText('No results found.', { exact: true })).toBeVisible();
  expect(sent.slice(before).map(queryOf)).toEqual([marker]);
});

test('closing clears the query and the results (close button and Escape)', async ({ page, sanity }) => {
  const name = await instituteName(sanity);
  for (const close of ['button', 'Escape'] as const) {
    const { dialog, box } = await openSearch(page, name);
    await box.fill('leadership');
    await box.press('Enter');
    await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
    if (close === 'button') await dialog.getByRole('button', { name: 'Close search' }).click();
    else await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const again = await openSearch(page, name);
    await expect(again.box).toHaveValue('');
    await expect(again.dialog.getByRole('heading', { level: 3 })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }
});

test('awkward text ( , ( ) % _ * " \' \\ ) is searched literally, without an error', async ({
  page,
  sanity,
  serviceRole,
}) => {
  test.setTimeout(60_000);
  const { statuses } = watchRequests(page);
  const { dialog, box } = await openSearch(page, await instituteName(sanity));
  const texts = [`, ( ) % _ * " ' \\`, 'a,b', '(leadership)', '100%', 'a_b', '*', '"', "'", '\\', 'leader*ship', 'o%s'];
  for (const text of texts) {
    const expected = await expectedTitles(serviceRole, text);
    await box.fill(text);
    await box.press('Enter');
    await expect(dialog.getByRole('status')).not.toContainText('Searching');
    await expect(dialog.getByRole('alert'), text).toHaveCount(0);
    const titles = Object.values(expected).flatMap((rows) => rows.map((row) => row.title!));
    if (titles.length === 0) {
      await expect(dialog.getByText('No results found.', { exact: true }), text).toBeVisible();
    } else {
      await expect(dialog.getByRole('heading', { level: 3 }).first(), text).toBeVisible();
      const shown = await dialog.locator('.search-results a').allTextContents();
      expect(shown.sort(), text).toEqual(titles.sort());
    }
  }
  expect(statuses).toHaveLength(texts.length);
  expect(statuses.every((status) => status === 200)).toBe(true);
});

test('a later search wins over a slower earlier one', async ({ page, sanity }) => {
  const slow = await holdRequests(page, (request) => queryOf(request) === 'leadership');
  const { dialog, box } = await openSearch(page, await instituteName(sanity));
  await box.fill('leadership');
  await box.press('Enter');
  await expect.poll(() => slow.held.length).toBe(1);
  await box.fill('Financial Excellence');
  await box.press('Enter');
  const services = dialog.getByRole('region', { name: 'Services' }).getByRole('link');
  await expect(services).toHaveText(['Financial Excellence']);
  // The earlier search's replies arrive last (or were abandoned): the later results stay.
  slow.release();
  await slow.settled();
  await expect(services).toHaveText(['Financial Excellence']);
  await expect(dialog.getByRole('region', { name: 'Events' })).toHaveCount(0);
});
