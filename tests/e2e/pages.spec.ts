/**
 * Every public CMS path is server-rendered with its own copy: the raw HTML (no JavaScript) holds
 * the page's main heading and lead passages, read from the dataset through the content lake.
 * Plus: every route the browser-level checks walk exists (and the planned screens do not yet),
 * the gallery's two paths, the not-found page and the CMS redirects.
 */
import { documentForPath, ROUTE_PATHS } from '../../web/app/config/routes-table.ts';
import { WALKED_PATHS } from '../support/public-routes.ts';
import { expect, test } from './fixtures.ts';
import { h1Texts, htmlText, normaliseText } from './support/html-text.ts';

interface PortableBlock {
  _type: string;
  style?: string;
  children?: Array<{ text?: string }>;
}

interface PageCopy {
  title: string;
  first: { _type: string; heading?: string; text?: string } | null;
  /** Body of the first prose block (richText or imageText). */
  body: PortableBlock[] | null;
}

/** What the page must show: its heading (the hero's, else the title) and two passages. */
const COPY_QUERY = `*[_type == $type && slug.current == $slug][0]{
  title,
  "first": pageBuilder[0]{ _type, heading, text },
  "body": pageBuilder[_type in ["richText", "imageText"]][0].body
}`;

const plain = (block: PortableBlock) => normaliseText((block.children ?? []).map((span) => span.text ?? '').join(''));

for (const path of ROUTE_PATHS) {
  test(`${path} is server-rendered with its CMS copy`, async ({ request, sanity }) => {
    const target = documentForPath(path)!;
    const copy = await sanity.fetch<PageCopy | null>(COPY_QUERY, target);
    expect(copy, `no ${target.type} "${target.slug}" in the dataset`).not.toBeNull();
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();

    const heading = copy!.first?._type === 'hero' && copy!.first.heading ? copy!.first.heading : copy!.title;
    expect(h1Texts(html), 'the one <h1> carries the page heading').toEqual([normaliseText(heading)]);

    const text = htmlText(html);
    if (copy!.first?.text) expect(text, 'lead text of the first block').toContain(normaliseText(copy!.first.text));
    const paragraph = copy!.body?.find((block) => block._type === 'block' && (block.style ?? 'normal') === 'normal');
    expect(paragraph, 'the page has a prose block to check').toBeDefined();
    expect(text, 'first paragraph of the first prose block').toContain(plain(paragraph!));
  });
}

// The a11y, JS-budget and Lighthouse checks walk WALKED_PATHS: a listed screen that answers 404
// would have them check the not-found page and pass.
test('every screen the browser checks walk answers 200', async ({ request }) => {
  for (const path of WALKED_PATHS) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect.soft(response.status(), `${path} (tests/support/public-routes.ts lists it)`).toBe(200);
  }
});

test('/media and /media/event-galleries show the same gallery', async ({ page, sanity }) => {
  const albums = await sanity.fetch<Array<{ title: string; alts: string[] }>>(
    `*[_type == "page" && slug.current == "media"][0].pageBuilder[_type == "imageGallery"][0].albums[]->{ title, "alts": images[].alt }`,
  );
  expect(albums.length).toBeGreaterThan(0);
  const mains: string[] = [];
  for (const path of ['/media', '/media/event-galleries']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const main = page.locator('main');
    for (const album of albums) {
      await expect(main.getByText(album.title).first()).toBeAttached();
      const firstAlt = album.alts[0];
      if (firstAlt) await expect(main.getByAltText(firstAlt, { exact: true }).first()).toBeAttached();
    }
    mains.push(normaliseText(await main.innerText()));
  }
  expect(mains[1]).toBe(mains[0]);
});

const unknownPaths = ['/no-such-page', '/about/no-such-page', '/services/no-such-service', '/media/event-galleries/x'];

for (const path of unknownPaths) {
  test(`${path} answers 404 with the not-found page`, async ({ request, page }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expect(h1Texts(await response.text()).join(' ')).toMatch(/not found/i);

    const visit = await page.goto(path);
    expect(visit?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
  });
}

// The admin renders in the browser only (the session lives there): the server answers 404 for an
// unknown admin path; signed in, the page shows the not-found page (admin-session.spec.ts).
test('/admin/nope answers 404', async ({ request }) => {
  expect((await request.get('/admin/nope', { maxRedirects: 0 })).status()).toBe(404);
});

test('CMS redirects answer with their status and Location', async ({ request, sanity, stack }) => {
  const redirects = await sanity.fetch<Array<{ source: string; destination: string; permanent: boolean }>>(
    `*[_type == "redirect" && defined(source) && defined(destination)]{ source, destination, permanent }`,
  );
  expect(redirects.length).toBeGreaterThan(0);
  for (const { source, destination, permanent } of redirects) {
    const response = await request.get(source, { maxRedirects: 0 });
    expect(response.status(), `${source}`).toBe(permanent ? 301 : 302);
    const location = response.headers()['location'] ?? '';
    expect(new URL(location, stack.webUrl).href, `${source} Location`).toBe(new URL(destination, stack.webUrl).href);
  }
});
