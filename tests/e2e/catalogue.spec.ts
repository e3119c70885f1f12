/**
 * The catalogue: /training filtered by the URL's `?q=` and `?category=` (server-rendered, the
 * same text match as the site search), and each program's own page (/training/<slug>: details,
 * fee in both currencies, intakes with seats left, Course JSON-LD, in the sitemap). Expected rows
 * come from the database through the service role.
 */
import { formatPrice } from '../../web/app/blocks/live/format.ts';
import { formatIntakeDates } from '../../web/app/lib/intake-dates.ts';
import { KES_PER_USD } from '../../domain/money.ts';
import { expect, test } from './fixtures.ts';
import { openHydrated } from './support/hydrated.ts';
import { htmlText, normaliseText } from './support/html-text.ts';

interface ProgramRow {
  title: string;
  slug: string;
  category: string;
  focus: string;
  price_amount: number;
  currency: string;
}

const programTitles = (html: string) =>
  [...html.matchAll(/<h3 class="program__title"><a href="\/training\/[^"]+"[^>]*>([^<]+)<\/a><\/h3>/g)].map((match) =>
    normaliseText(match[1]!.replace(/&amp;/g, '&')),
  );

test.describe('filtering /training', () => {
  test('the text filter matches title, category or focus, in the server’s HTML and in the browser', async ({
    page,
    request,
    serviceRole,
  }) => {
    const { data, error } = await serviceRole
      .from('public_training_programs')
      .select('title, slug, category, focus, price_amount, currency')
      .order('sort_order')
      .order('title');
    expect(error).toBeNull();
    const rows = data as ProgramRow[];
    const matches = (text: string) =>
      rows.filter((row) => [row.title, row.category, row.focus].some((value) => value.toLowerCase().includes(text)));
    const expected = matches('lead').map((row) => row.title);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(rows.length);

    // Rendered by the server: no JavaScript needed for a shared link.
    const response = await request.get('/training?q=lead');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(programTitles(html)).toEqual(expected);
    expect(htmlText(html)).toContain(`${expected.length} programmes matching “lead”`);

    // In the browser: the form shows the filter and submitting another one lands on its URL.
    await openHydrated(page, '/training?q=lead');
    const filter = page.getByRole('search', { name: 'Filter programs' });
    await expect(filter.getByRole('searchbox', { name: 'Search programmes' })).toHaveValue('lead');
    await expect(page.locator('#catalogue li.program h3')).toHaveText(expected);
    await filter.getByRole('searchbox', { name: 'Search programmes' }).fill('  FINANCE ');
    await filter.getByRole('button', { name: 'Show programmes' }).click();
    // A plain GET form: the query holds every field, the anchor brings the list back into view.
    await expect(page).toHaveURL(/\/training\?q=\+\+FINANCE\+&category=#catalogue$/);
    await expect(page.locator('#catalogue li.program h3')).toHaveText(matches('finance').map((row) => row.title));
  });

  test('the category filter and its choices come from the database; both filters combine', async ({
    page,
    serviceRole,
  }) => {
    const { data } = await serviceRole
      .from('public_training_programs')
      .select('title, category, focus')
      .order('sort_order')
      .order('title');
    const rows = data as ProgramRow[];
    const categories = [...new Set(rows.map((row) => row.category))];
    await openHydrated(page, '/training');
    const filter = page.getByRole('search', { name: 'Filter programs' });
    const select = filter.getByRole('combobox', { name: 'Category' });
    await expect(select.locator('option')).toHaveText(['All categories', ...categories]);
    await select.selectOption('Finance');
    await filter.getByRole('button', { name: 'Show programmes' }).click();
    await expect(page).toHaveURL(/\/training\?q=&category=Finance#catalogue$/);
    const finance = rows.filter((row) => row.category === 'Finance').map((row) => row.title);
    await expect(page.locator('#catalogue li.program h3')).toHaveText(finance);
    await expect(page.getByRole('status').filter({ hasText: /programmes? in Finance$/ })).toHaveText(
      `${finance.length} ${finance.length === 1 ? 'programme' : 'programmes'} in Finance`,
    );

    await page.goto('/training?category=Leadership&q=women');
    await expect(page.locator('#catalogue li.program h3')).toHaveText(['Women in Leadership']);
    // Clearing goes back to every program.
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/training(#catalogue)?$/);
    await expect(page.locator('#catalogue li.program')).toHaveCount(rows.length);
  });

  test('text with commas, quotes, wildcards and brackets is matched literally; no match says so', async ({ page }) => {
    for (const text of ['a,b', '"x"', '%', '_', '*', '(lead)', 'lead\\']) {
      const response = await page.goto(`/training?q=${encodeURIComponent(text)}`);
      expect(response?.status(), text).toBe(200);
      await expect(page.locator('#catalogue li.program'), text).toHaveCount(0);
      await expect(page.locator('#catalogue').getByText(`No programmes match “${text.trim()}”.`)).toBeVisible();
    }
    // An unknown category, and absurdly long text (cut to 100 characters), are empty lists, not errors.
    const response = await page.goto(`/training?category=Astrology&q=${'x'.repeat(5000)}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('#catalogue').getByText(/^No programmes match “x{100}” in Astrology\./)).toBeVisible();
  });

  test('the filter works without JavaScript, and after a client-side navigation to the catalogue', async ({
    browser,
    page,
  }) => {
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await noScript.goto('/training');
    await noScript.getByRole('searchbox', { name: 'Search programmes' }).fill('women');
    await noScript.getByRole('button', { name: 'Show programmes' }).click();
    await expect(noScript).toHaveURL(/\/training\?q=women&category=#catalogue$/);
    // The server rendered the form with the filter (the rows themselves stream in with the app's scripts).
    await expect(noScript.getByRole('searchbox', { name: 'Search programmes' })).toHaveValue('women');
    await expect(noScript.getByRole('link', { name: 'Clear filters' })).toBeVisible();
    await plain.close();

    // Shown by the app (no server HTML to keep): the form renders from its own code.
    await openHydrated(page, '/about');
    await page.locator('header').getByRole('link', { name: 'Training Programs' }).first().click();
    await expect(page).toHaveURL(/\/training$/);
    const filter = page.getByRole('search', { name: 'Filter programs' });
    await filter.getByRole('searchbox', { name: 'Search programmes' }).fill('women');
    await filter.getByRole('button', { name: 'Show programmes' }).click();
    await expect(page.locator('#catalogue li.program h3')).toHaveText(['Women in Leadership']);
  });

  test('the search’s “show all” link format (/training?q=<encoded query>) filters the list', async ({ page }) => {
    await page.goto(`/training?q=${encodeURIComponent('Women in')}`);
    await expect(page.locator('#catalogue li.program h3')).toHaveText(['Women in Leadership']);
  });
});

test.describe('program pages', () => {
  test('a program’s page shows its details, fee in both currencies and upcoming intakes, server-rendered', async ({
    request,
    serviceRole,
  }) => {
    const { data: program } = await serviceRole
      .from('public_training_programs')
      .select('id, title, slug, category, focus, description, duration, price_amount, currency')
      .eq('slug', 'women-in-leadership')
      .single();
    const { data: intakes } = await serviceRole
      .from('public_program_intakes')
      .select('starts_on, ends_on, is_online, venue, seats_left')
      .eq('program_id', program!.id!)
      .order('starts_on');
    expect(intakes!.length).toBeGreaterThan(1);
    expect(
      intakes!.some((intake) => intake.seats_left === 0),
      'the seed has a full intake here',
    ).toBe(true);

    const response = await request.get('/training/women-in-leadership');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const text = htmlText(html);
    expect(text).toContain(program!.title!);
    expect(text).toContain(normaliseText(program!.description!));
    expect(text).toContain(program!.focus!);
    expect(text).toContain(program!.duration!);
    const fee = normaliseText(formatPrice(Number(program!.price_amount), program!.currency!));
    expect(text).toContain(fee);
    // KES 65,000 is about USD 503 at 129.16 KES per USD.
    const usd = Math.round(Number(program!.price_amount) / KES_PER_USD);
    expect(text).toContain(`about ${normaliseText(formatPrice(usd, 'USD'))}`);
    for (const intake of intakes!) {
      const seats = intake.seats_left === 0 ? 'Full' : `${intake.seats_left} seats left`;
      const place = intake.is_online ? 'Online' : intake.venue!;
      expect(text).toContain(
        `${normaliseText(formatIntakeDates(intake.starts_on!, intake.ends_on!))}, ${place}, ${seats}`,
      );
    }
  });

  test('its Course JSON-LD names the offer and each intake; it is in the sitemap and its title links to it', async ({
    page,
    request,
  }) => {
    await page.goto('/training/executive-leadership-programme');
    const nodes = (await page.locator('head script[type="application/ld+json"]').allTextContents()).map(
      (json) => JSON.parse(json) as Record<string, unknown>,
    );
    const course = nodes.find((node) => node['@type'] === 'Course')!;
    expect(course).toMatchObject({
      name: 'Executive Leadership Programme',
      offers: { '@type': 'Offer', price: '1250.00', priceCurrency: 'USD' },
    });
    expect(String(course.url)).toMatch(/\/training\/executive-leadership-programme$/);
    const instances = course.hasCourseInstance as Array<Record<string, unknown>>;
    expect(instances.length).toBeGreaterThan(0);
    for (const instance of instances) expect(instance.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(nodes.find((node) => node['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [
        { position: 1 },
        { position: 2, name: expect.any(String) },
        { position: 3, name: 'Executive Leadership Programme' },
      ],
    });

    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/training\/executive-leadership-programme<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/training\/women-in-leadership<\/loc>/);

    await openHydrated(page, '/training');
    await page.locator('#catalogue').getByRole('link', { name: 'Executive Leadership Programme' }).click();
    await expect(page).toHaveURL(/\/training\/executive-leadership-programme$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Executive Leadership Programme');
  });

  test('an unknown, unpublished or malformed slug is the not-found page', async ({ request }) => {
    for (const path of ['/training/no-such-program', '/training/Bad%20Slug', `/training/${'a'.repeat(300)}`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(htmlText(await response.text())).toContain('Page not found');
    }
  });
});
