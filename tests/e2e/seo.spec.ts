/**
 * SEO in the server's HTML (JavaScript off, as a crawler sees it): per-page title, description,
 * canonical, Open Graph and Twitter tags from the CMS; JSON-LD; sitemap.xml and robots.txt.
 * Expected values are read from the dataset through the content lake, not hard-coded.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { documentForPath, pathForDocument, ROUTE_PATHS } from '../../web/app/config/routes-table.ts';
import { OUTSIDE_LAYOUT_PATHS, PUBLIC_PATHS } from '../support/public-routes.ts';
import { expect, test } from './fixtures.ts';

test.use({ javaScriptEnabled: false });

/**
 * The document as a crawler reads it: parsed to the end (the streamed rows included), without
 * waiting for the images and styles a crawler does not need for these checks.
 */
const crawl = (page: Page, path: string) => page.goto(path, { waitUntil: 'domcontentloaded' });

interface SeoCopy {
  title: string;
  summary: string | null;
  seo: { title: string | null; description: string | null; noIndex: boolean | null; hasImage: boolean } | null;
}

interface Settings {
  instituteName: string;
  phone: string;
  email: string;
  street: string;
  social: string[];
  defaultDescription: string | null;
}

const SEO_QUERY = `*[_type == $type && slug.current == $slug][0]{
  title, summary,
  seo { title, description, noIndex, "hasImage": defined(shareImage.asset) }
}`;
const SETTINGS_QUERY = `*[_id == "siteSettings"][0]{
  instituteName, phone, email, "street": address.street, "social": socialLinks[].url,
  "defaultDescription": defaultSeo.description
}`;

type Node = { '@type': string } & Record<string, unknown>;

async function attr(page: Page, selector: string, name = 'content'): Promise<string | null> {
  const element = page.locator(selector);
  await expect(element, `${selector} appears once`).toHaveCount(1);
  return element.getAttribute(name);
}

/** Every JSON-LD node on the page (arrays flattened); each script must parse. */
async function jsonLd(page: Page): Promise<Node[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const data = JSON.parse(text) as Node | Node[];
    return Array.isArray(data) ? data : [data];
  });
}

/** The institute name is appended unless the title already carries it. */
const titled = (base: string, name: string) =>
  new RegExp(`\\b${name}\\b`, 'i').test(base) ? base : `${base} | ${name}`;

for (const path of ROUTE_PATHS) {
  test(`${path}: title, description, canonical, Open Graph, Twitter and JSON-LD from the CMS`, async ({
    page,
    sanity,
    stack,
  }) => {
    const target = documentForPath(path)!;
    const [copy, settings] = await Promise.all([
      sanity.fetch<SeoCopy>(SEO_QUERY, target),
      sanity.fetch<Settings>(SETTINGS_QUERY),
    ]);
    expect((await crawl(page, path))?.status()).toBe(200);

    const title = titled(copy.seo?.title || copy.title, settings.instituteName);
    const description = copy.seo?.description || copy.summary || settings.defaultDescription;
    const canonical = new URL(pathForDocument(target), stack.webUrl).href;

    await expect(page).toHaveTitle(title);
    expect(await attr(page, 'meta[name="description"]')).toBe(description);
    expect(await attr(page, 'link[rel="canonical"]', 'href')).toBe(canonical);
    expect(await attr(page, 'meta[property="og:title"]')).toBe(title);
    expect(await attr(page, 'meta[property="og:description"]')).toBe(description);
    expect(await attr(page, 'meta[property="og:url"]')).toBe(canonical);
    expect(await attr(page, 'meta[property="og:type"]')).toBe('website');
    expect(await attr(page, 'meta[property="og:image"]')).toMatch(/^https?:\/\/.+\?w=1200&h=630&fit=crop&fm=jpg/);
    expect(await attr(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await attr(page, 'meta[name="twitter:title"]')).toBe(title);
    expect(await attr(page, 'meta[name="twitter:description"]')).toBe(description);
    expect(await attr(page, 'meta[name="twitter:image"]')).toBe(await attr(page, 'meta[property="og:image"]'));
    await expect(page.locator('meta[name="robots"]')).toHaveCount(copy.seo?.noIndex ? 1 : 0);

    const nodes = await jsonLd(page);
    const types = nodes.map((node) => node['@type']);
    expect(types.filter((type) => type === 'Organization')).toHaveLength(1);
    expect(types.filter((type) => type === 'BreadcrumbList')).toHaveLength(1);
    const organization = nodes.find((node) => node['@type'] === 'Organization')!;
    expect(organization).toMatchObject({
      name: settings.instituteName,
      url: new URL('/', stack.webUrl).href,
      contactPoint: { telephone: settings.phone, email: settings.email },
      sameAs: settings.social,
    });
    expect((organization.address as { streetAddress: string }).streetAddress).toContain('Kiambu Road');
    const crumbs = nodes.find((node) => node['@type'] === 'BreadcrumbList')!.itemListElement as Array<{
      position: number;
      name: string;
      item: string;
    }>;
    expect(crumbs[0]).toMatchObject({ position: 1, item: new URL('/', stack.webUrl).href });
    expect(crumbs.at(-1)).toMatchObject({ position: crumbs.length, item: canonical });
  });
}

test('the share image is a 1200x630 JPEG from the image API', async ({ page, request }) => {
  await crawl(page, '/');
  const image = await attr(page, 'meta[property="og:image"]');
  const response = await request.get(image!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/jpeg');
});

test('the Organization logo is a raster image', async ({ page, request }) => {
  await crawl(page, '/contact');
  const organization = (await jsonLd(page)).find((node) => node['@type'] === 'Organization')!;
  const response = await request.get(organization.logo as string);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
});

test('/media/event-galleries shows the gallery under its canonical /media', async ({ page, stack }) => {
  await crawl(page, '/media/event-galleries');
  expect(await attr(page, 'link[rel="canonical"]', 'href')).toBe(new URL('/media', stack.webUrl).href);
});

test('an unknown path is titled as such and kept out of the index', async ({ page }) => {
  expect((await crawl(page, '/no-such-page'))?.status()).toBe(404);
  await expect(page).toHaveTitle(/^Page not found \| /);
  expect(await attr(page, 'meta[name="robots"]')).toBe('noindex');
});

/** The path prefixes robots.txt keeps every crawler out of. */
async function disallowedPrefixes(request: APIRequestContext): Promise<string[]> {
  const lines = (await (await request.get('/robots.txt')).text()).split('\n');
  return lines.flatMap((line) => /^Disallow:\s*(\S+)/.exec(line)?.slice(1) ?? []);
}

test('every public route is open to search engines: a description, a canonical URL, no noindex, not disallowed', async ({
  page,
  request,
}) => {
  // Every public route in one test (34 of them): on a loaded machine that outlasts the default 30 s.
  test.setTimeout(90_000);
  const disallowed = await disallowedPrefixes(request);
  for (const path of PUBLIC_PATHS) {
    const response = await crawl(page, path);
    expect(response?.status(), path).toBe(200);
    expect(response?.headers()['x-robots-tag'], `${path}: X-Robots-Tag`).toBeUndefined();
    await expect(page.locator('meta[name="robots"]'), `${path}: robots meta`).toHaveCount(0);
    expect((await attr(page, 'meta[name="description"]'))?.trim(), `${path}: description`).toBeTruthy();
    expect(await attr(page, 'link[rel="canonical"]', 'href'), `${path}: canonical`).toMatch(/^https?:\/\//);
    expect(
      disallowed.filter((prefix) => path.startsWith(prefix)),
      `${path}: robots.txt`,
    ).toEqual([]);
  }
});

test('the screens outside the layout (sign-in, maintenance preview) are kept out of search engines', async ({
  page,
  request,
}) => {
  const disallowed = await disallowedPrefixes(request);
  for (const path of OUTSIDE_LAYOUT_PATHS) {
    const response = await crawl(page, path);
    expect(response?.status(), path).toBe(200);
    const noindex =
      response?.headers()['x-robots-tag'] === 'noindex' ||
      (await page.locator('meta[name="robots"][content="noindex"]').count()) === 1;
    const blocked = disallowed.some((prefix) => path.startsWith(prefix));
    expect(noindex || blocked, `${path}: noindex or disallowed`).toBe(true);
  }
});

test('/maintenance-preview is never indexed', async ({ page }) => {
  const response = await crawl(page, '/maintenance-preview');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  expect(await attr(page, 'meta[name="robots"]')).toBe('noindex');
});

test('sitemap.xml lists every canonical route-table path (absolute, with lastmod) and every program page, no noIndex page', async ({
  request,
  sanity,
  stack,
  serviceRole,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );

  const urls = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>\s*)?<\/url>/g)];
  const locs = urls.map((match) => match[1]!);
  const canonical = [...new Set(ROUTE_PATHS.map((path) => pathForDocument(documentForPath(path)!)))];
  const { data: programs, error } = await serviceRole.from('public_training_programs').select('slug');
  expect(error).toBeNull();
  const programPages = programs!.map((row) => `/training/${row.slug}`);
  expect(locs.sort()).toEqual([...canonical, ...programPages].map((path) => new URL(path, stack.webUrl).href).sort());
  // CMS pages carry their last change (program pages have none to give).
  for (const match of urls.filter((url) => !url[1]!.includes('/training/')))
    expect(new Date(match[2]!).toISOString(), `lastmod of ${match[1]}`).toBe(match[2]);

  const hidden = await sanity.fetch<string[]>(
    `*[_type in ["page", "service", "trainingModel"] && seo.noIndex == true].slug.current`,
  );
  for (const slug of hidden) expect(xml).not.toContain(`/${slug}<`);
});

test('robots.txt allows all but /admin, /login and /account and names the sitemap', async ({ request, stack }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const lines = (await response.text()).split('\n');
  expect(lines).toEqual(
    expect.arrayContaining([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /login',
      'Disallow: /account',
      `Sitemap: ${new URL('/sitemap.xml', stack.webUrl).href}`,
    ]),
  );
});

for (const [path, type, titles] of [
  ['/training', 'Course', 'ul.program-list .program__title'],
  ['/services/financial-excellence', 'Course', 'ul.program-list .program__title'],
  ['/events', 'Event', 'ul.event-list .event__title'],
  ['/', 'Event', 'ul.event-list .event__title'],
] as const) {
  test(`${path} marks up each ${type === 'Course' ? 'program' : 'event'} shown as a ${type}`, async ({ page }) => {
    await crawl(page, path);
    const shown = (await page.locator(titles).allTextContents()).map((title) => title.trim());
    expect(shown.length, 'rows shown').toBeGreaterThan(0);
    const nodes = (await jsonLd(page)).filter((node) => node['@type'] === type);
    expect(nodes.map((node) => node.name).sort()).toEqual([...shown].sort());
    for (const node of nodes) {
      expect(node).toMatchObject({ description: expect.any(String) });
      if (type === 'Course') expect(node).toMatchObject({ provider: { '@type': 'Organization' } });
      else expect(node).toMatchObject({ startDate: expect.any(String), location: expect.anything() });
    }
  });
}
