/**
 * Page blocks in the browser, against the seeded stack: every block type renders its CMS content
 * on a page that uses it; live lists show the seeded rows (upcoming vs past events, programs
 * priced in USD and KES, services linking to /services/{slug}, impact metrics); images carry
 * width/height/srcset, lazy below the fold, without layout shift; anchors and heading levels on
 * every page; FAQ, rich-text links and the gallery lightbox work from the keyboard.
 * Read-only: the empty and error states change shared rows and live in blocks.global.spec.ts.
 */
import type { Locator } from '@playwright/test';
import type { SanityClient } from '@sanity/client';
import { formatMetric, formatPrice } from '../../web/app/blocks/live/format.ts';
import { pathForDocument, ROUTE_PATHS, documentForPath, type RoutableType } from '../../web/app/config/routes-table.ts';
import { expect, test } from './fixtures.ts';
import { openHydrated } from './support/hydrated.ts';
import { settle } from './support/settle.ts';
import { normaliseText } from './support/html-text.ts';

/** What the checks below need of one block, whatever its type (GROQ keeps the shape uniform). */
interface BlockSample {
  heading: string | null;
  eyebrow: string | null;
  text: string | null;
  intro: string | null;
  anchor: string | null;
  /** Titles of the block's repeated items: cards, steps, questions, names, logos, albums. */
  items: string[];
  /** Alt text of the block's own image (hero, imageText). */
  imageAlt: string | null;
  /** The first normal paragraph of its rich text. */
  paragraph: string | null;
  actions: number;
  actionLabel: string | null;
  albums: Array<{ title: string; count: number }> | null;
}

interface BlockPage {
  docType: RoutableType;
  slug: string;
  block: BlockSample;
}

const SAMPLE_QUERY = `*[_type in ["page", "service", "trainingModel"] && $type in pageBuilder[]._type]
  | order(_type asc, slug.current asc)[0]{
  "docType": _type,
  "slug": slug.current,
  "block": pageBuilder[_type == $type][0]{
    heading, eyebrow, text, intro, anchor,
    "items": coalesce(select(
      _type == "cardGrid" => cards[].title,
      _type == "steps" => steps[].title,
      _type == "faq" => items[].question,
      _type == "testimonials" => items[].name,
      _type == "logoCloud" => logos[].name,
      _type == "imageGallery" => albums[]->title
    ), []),
    "imageAlt": image.alt,
    "paragraph": pt::text(body[_type == "block" && (style == "normal" || !defined(style)) && !defined(listItem)][0]),
    "actions": count(actions),
    "actionLabel": coalesce(action.label, action.internal->title),
    "albums": albums[]->{ title, "count": count(images) }
  }
}`;

const blockClass: Record<string, string> = {
  hero: 'block-hero',
  richText: 'block-rich-text',
  cardGrid: 'block-card-grid',
  stats: 'block-stats',
  callToAction: 'block-call-to-action',
  logoCloud: 'block-logo-cloud',
  faq: 'block-faq',
  steps: 'block-steps',
  imageText: 'block-image-text',
  testimonials: 'block-testimonials',
  imageGallery: 'block-image-gallery',
  contactDetails: 'block-contact-details',
  eventList: 'block-event-list',
  programList: 'block-program-list',
  serviceList: 'block-service-list',
};

/** Text of a locator with whitespace collapsed, for comparing with CMS strings. */
async function textOf(locator: Locator): Promise<string> {
  return normaliseText((await locator.textContent()) ?? '');
}

async function expectItems(section: Locator, selector: string, items: string[]) {
  await expect(section.locator(selector)).toHaveCount(items.length);
  for (const item of items) await expect(section.getByText(item, { exact: true }).first()).toBeVisible();
}

/** Per block type: what must be on the page, read from the block's CMS content. */
const checks: Record<string, (section: Locator, block: BlockSample, sanity: SanityClient) => Promise<void>> = {
  hero: async (section, block) => {
    await expect(section.locator('h1')).toHaveText(block.heading!);
    if (block.eyebrow) await expect(section.getByText(block.eyebrow)).toBeVisible();
    if (block.text) await expect(section.getByText(block.text)).toBeVisible();
    await expect(section.locator('a.button')).toHaveCount(block.actions);
    if (block.imageAlt) await expect(section.getByAltText(block.imageAlt)).toBeVisible();
  },
  richText: async (section, block) => {
    if (block.heading) await expect(section.locator('h2').first()).toHaveText(block.heading);
    expect(await textOf(section)).toContain(normaliseText(block.paragraph!));
  },
  cardGrid: async (section, block) => {
    await expect(section.locator('h2').first()).toHaveText(block.heading!);
    await expectItems(section, 'li.card', block.items);
  },
  stats: async (section, block) => {
    await expect(section.locator('h2')).toHaveText(block.heading!);
    await expect(section.locator('.stat').first()).toBeVisible();
  },
  callToAction: async (section, block) => {
    await expect(section.locator('h2')).toHaveText(block.heading!);
    await expect(section.getByRole('link', { name: block.actionLabel! })).toBeVisible();
  },
  logoCloud: async (section, block) => {
    await expect(section.locator('li.logo-cloud__item')).toHaveCount(block.items.length);
    for (const name of block.items) await expect(section.getByText(name, { exact: true })).toBeVisible();
    await expect(section.locator('img')).toHaveCount(block.items.length);
  },
  faq: async (section, block) => {
    await expectItems(section, 'details', block.items);
    const first = section.locator('details').first();
    await expect(first).not.toHaveAttribute('open');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open');
    await expect(first.locator('.faq-item__answer')).toBeVisible();
  },
  steps: async (section, block) => {
    await expectItems(section, 'ol.steps > li', block.items);
  },
  imageText: async (section, block) => {
    if (block.heading) await expect(section.locator('h2')).toHaveText(block.heading);
    await expect(section.getByAltText(block.imageAlt!)).toBeVisible();
    expect(await textOf(section)).toContain(normaliseText(block.paragraph!));
  },
  testimonials: async (section, block) => {
    await expectItems(section, 'figure.testimonial', block.items);
    await expect(section.locator('blockquote')).toHaveCount(block.items.length);
  },
  imageGallery: async (section, block) => {
    for (const album of block.albums!) {
      const article = section.locator('article.album').filter({ hasText: album.title });
      await expect(article.locator('h2, h3').first()).toHaveText(album.title);
      await expect(article.locator('img')).toHaveCount(album.count);
    }
  },
  contactDetails: async (section, block, sanity) => {
    await expect(section.locator('h2')).toHaveText(block.heading!);
    const settings = await sanity.fetch<{ phone: string; email: string; street: string; days: string[] }>(
      `*[_id == "siteSettings"][0]{ phone, email, "street": address.street, "days": openingHours[].days }`,
    );
    await expect(section.locator(`a[href="mailto:${settings.email}"]`)).toHaveText(settings.email);
    await expect(section.locator('a[href^="tel:+"]')).toHaveText(settings.phone);
    await expect(section.locator('address')).toContainText(settings.street);
    for (const days of settings.days) await expect(section.getByText(days)).toBeVisible();
  },
  eventList: async (section, block) => {
    await expect(section.locator('h2')).toHaveText(block.heading!);
    await expect(section.locator('li.event').first()).toBeVisible();
  },
  programList: async (section, block) => {
    await expect(section.locator('h2')).toHaveText(block.heading!);
    await expect(section.locator('li.program').first()).toBeVisible();
  },
  serviceList: async (section, block) => {
    await expect(section.locator('h2')).toHaveText(block.heading!);
    await expect(section.locator('li.service-card').first()).toBeVisible();
  },
};

test.describe('every block type renders its CMS content', () => {
  for (const type of Object.keys(blockClass)) {
    test(type, async ({ page, sanity }) => {
      const sample = await sanity.fetch<BlockPage | null>(SAMPLE_QUERY, { type });
      expect(sample, `no page in the dataset uses a ${type} block`).not.toBeNull();
      const path = pathForDocument({ type: sample!.docType, slug: sample!.slug });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const section = page.locator(`.${blockClass[type]}`).first();
      await expect(section).toBeVisible();
      if (sample!.block.anchor) await expect(section).toHaveAttribute('id', sample!.block.anchor);
      await checks[type]!(section, sample!.block, sanity);
    });

    // Blocks other than the live lists are rendered by the server only (their code is not in the
    // page's JavaScript); after a client-side navigation the browser loads and renders them.
    test(`${type}, after a client-side navigation`, async ({ page, sanity }) => {
      const sample = await sanity.fetch<BlockPage | null>(SAMPLE_QUERY, { type });
      const path = pathForDocument({ type: sample!.docType, slug: sample!.slug });
      await openHydrated(page, path === '/contact' ? '/about' : '/contact');
      // A site link inside server-rendered HTML, as rich text has them.
      await page.evaluate((href) => {
        const link = Object.assign(document.createElement('a'), { href, textContent: 'Go', id: 'e2e-go' });
        document.querySelector('.server-block')!.append(link);
        Object.assign(window, { e2eSamePage: true });
      }, path);
      await page.locator('#e2e-go').click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      const section = page.locator(`.${blockClass[type]}`).first();
      await expect(section).toBeVisible();
      expect(await page.evaluate(() => 'e2eSamePage' in window), 'no page reload').toBe(true);
      await checks[type]!(section, sample!.block, sanity);
    });
  }
});

test.describe('on a slow connection, a page reached in the app shows whole, block code included', () => {
  // Each server-rendered block's code is its own file, fetched on a client-side navigation after
  // the page's data. The added latency is the slow connection under test, not a wait: the code
  // arrives well after the data, so a page that showed before its code would be caught.
  const slowBlockCode = async (page: import('@playwright/test').Page) =>
    page.route(
      /\/assets\/(hero|rich-text|card-grid|steps|call-to-action|faq|image-text|contact-details|logo-cloud|testimonials|portable-body|sanity-image)-[^/]*\.js$/,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      },
    );

  test('back to a long page returns to where the visitor was', async ({ page }) => {
    await slowBlockCode(page);
    // A long page without live lists (rows that stream in after the page shows are another matter).
    await page.goto('/about/mission-vision');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    // Follow the header's home link where the page is (a pointer click would scroll it into view first).
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('header.site-header a[href="/"]')!.click());
    await expect(page).toHaveURL(/\/$/);
    await page.waitForLoadState('networkidle');
    await page.goBack();
    await expect(page).toHaveURL(/\/about\/mission-vision$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
  });

  test('a link to a section of another page lands on the section', async ({ page }) => {
    await slowBlockCode(page);
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    // A site link to a section, inside server-rendered HTML, as rich text has them.
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), {
        href: '/#testimonials',
        textContent: 'Go',
        id: 'e2e-go',
      });
      document.querySelector('.server-block')!.append(link);
    });
    await page.locator('#e2e-go').click();
    await expect(page).toHaveURL(/\/#testimonials$/);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const section = document.getElementById('testimonials');
          const header = document.querySelector('[data-site-header]');
          return section && header
            ? Math.abs(section.getBoundingClientRect().top - header.getBoundingClientRect().height) <= 2
            : false;
        }),
      )
      .toBe(true);
  });
});

test('if hydration fails and React renders the page afresh, server-rendered blocks load and show their content', async ({
  page,
}) => {
  // A page whose HTML differs from what the browser renders (a proxy rewrote a text): React
  // discards the server's HTML, so the blocks have nothing to keep and must render themselves.
  await page.route(
    (url) => url.pathname === '/about',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('>Skip to content<', '>Skip to the content<');
      const headers = { ...response.headers() };
      delete headers['content-length'];
      delete headers['content-encoding'];
      await route.fulfill({ response, body, headers });
    },
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveCount(1);
  expect(errors.join('\n')).toMatch(/418|[Hh]ydrat/);
  await expect(page.locator('.block-hero h1')).toBeVisible();
  // Each block's code arrives on its own; in the end none is left empty.
  const emptyBlocks = () =>
    page.locator('.server-block').evaluateAll((blocks) => blocks.filter((block) => !block.hasChildNodes()).length);
  await expect.poll(emptyBlocks, { message: 'server-rendered blocks still empty' }).toBe(0);
  expect(await page.locator('.server-block').count()).toBeGreaterThan(1);
});

test('server-rendered blocks keep the HTML the server sent, load none of their code, and log no errors', async ({
  page,
  browser,
  baseURL,
}) => {
  // The page as the server sent it, with no script to change it.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const staticPage = await noScript.newPage();
  await staticPage.goto('/about');
  const serverBlocks = await staticPage
    .locator('.server-block')
    .evaluateAll((elements) => elements.map((e) => e.innerHTML));
  await noScript.close();
  expect(serverBlocks.length).toBeGreaterThan(1);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  // Hydrated and re-rendered: the theme control works.
  await page.getByRole('button', { name: 'Toggle theme' }).first().click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.locator('.server-block').evaluateAll((elements) => elements.map((e) => e.innerHTML))).toEqual(
    serverBlocks,
  );
  const blockChunks = scripts.filter((path) => /\/(hero|rich-text|card-grid|portable-body|sanity-image)-/.test(path));
  expect(blockChunks).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe('live lists show the seeded rows', () => {
  test('events: upcoming soonest first, past most recent first, drafts never', async ({ page, serviceRole }) => {
    const now = new Date().toISOString();
    const upcoming = await serviceRole
      .from('events')
      .select('title')
      .eq('is_published', true)
      .gte('ends_at', now)
      .order('starts_at')
      .order('id');
    const past = await serviceRole
      .from('events')
      .select('title')
      .eq('is_published', true)
      .lt('ends_at', now)
      .order('starts_at', { ascending: false })
      .order('id')
      .limit(6);
    expect(upcoming.error ?? past.error).toBeNull();
    expect(upcoming.data!.length).toBeGreaterThan(0);
    expect(past.data!.length).toBeGreaterThan(0);

    await page.goto('/events');
    await expect(page.locator('#upcoming li.event h3')).toHaveText(upcoming.data!.map((row) => row.title));
    await expect(page.locator('#past li.event h3')).toHaveText(past.data!.map((row) => row.title));
    await expect(page.locator('#upcoming .event .tag').first()).toHaveText('Upcoming');
    await expect(page.locator('#past .event .tag').first()).toHaveText('Past event');
    // Only upcoming events offer registration.
    await expect(page.locator('#past a', { hasText: 'Register' })).toHaveCount(0);
    await expect(page.locator('#upcoming a', { hasText: 'Register' }).first()).toHaveAttribute(
      'href',
      /^\/events\/[a-z0-9-]+\/register$/,
    );
    // Times are Nairobi time.
    await expect(page.locator('#upcoming .event__when').first()).toHaveText(
      /^\w{3}, \d{1,2} \w{3,4} \d{4}, \d\d:\d\d.* EAT$/,
    );
    await expect(page.getByText('Annual Alumni Gala')).toHaveCount(0);

    // The home page's list is limited to the next three.
    await page.goto('/');
    await expect(page.locator('#events li.event h3')).toHaveText(upcoming.data!.slice(0, 3).map((row) => row.title));
  });

  test('programs: the whole catalogue with prices in USD and KES, filtered by category', async ({
    page,
    serviceRole,
  }) => {
    const { data: programs, error } = await serviceRole
      .from('training_programs')
      .select('title, category, price_amount, currency')
      .eq('is_published', true)
      .order('sort_order')
      .order('title');
    expect(error).toBeNull();
    expect(new Set(programs!.map((row) => row.currency))).toEqual(new Set(['USD', 'KES']));

    await page.goto('/training');
    const cards = page.locator('#catalogue li.program');
    await expect(cards.locator('h3')).toHaveText(programs!.map((row) => row.title));
    const prices = (await cards.locator('.program__price').allTextContents()).map(normaliseText);
    expect(prices).toEqual(programs!.map((row) => normaliseText(formatPrice(Number(row.price_amount), row.currency))));
    await expect(cards.filter({ hasText: 'Executive Leadership Programme' }).locator('.program__price')).toHaveText(
      /^USD\s1,250$/,
    );
    await expect(cards.filter({ hasText: 'Women in Leadership' }).locator('.program__price')).toHaveText(
      /^KES\s65,000$/,
    );
    // Every program can be added to the cart (the cart itself: cart.spec.ts, purchase.spec.ts).
    await expect(cards.getByRole('button', { name: /^Add to cart: / })).toHaveText(programs!.map(() => 'Add to cart'));

    await page.goto('/services/strategic-leadership');
    const leadership = programs!.filter((row) => row.category === 'Leadership').map((row) => row.title);
    await expect(page.locator('#programs li.program h3')).toHaveText(leadership);

    // A block limit: training-and-development shows six programs of every category.
    await page.goto('/services/training-and-development');
    await expect(page.locator('#programs li.program h3')).toHaveText(programs!.slice(0, 6).map((row) => row.title));
  });

  test('services: every published service links to /services/{slug}', async ({ page, serviceRole, sanity }) => {
    const { data: services, error } = await serviceRole
      .from('services')
      .select('title, slug')
      .eq('is_published', true)
      .order('sort_order')
      .order('title');
    expect(error).toBeNull();
    await page.goto('/services');
    const links = page.locator('.block-service-list li.service-card h3 a');
    await expect(links).toHaveText(services!.map((row) => row.title));
    for (const [index, service] of services!.entries())
      await expect(links.nth(index)).toHaveAttribute('href', `/services/${service.slug}`);

    // The card is one link: following it opens the service page (client-side navigation).
    const first = services![0]!;
    const heading = await sanity.fetch<string>(
      `*[_type == "service" && slug.current == $slug][0].pageBuilder[_type == "hero"][0].heading`,
      { slug: first.slug },
    );
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`/services/${first.slug}$`));
    await expect(page.locator('h1')).toHaveText(heading);
    expect(await page.evaluate(() => 'e2eSamePage' in window)).toBe(true);
  });

  test('impact metrics: published figures with their suffixes, in order', async ({ page, serviceRole }) => {
    const { data: metrics, error } = await serviceRole
      .from('impact_metrics')
      .select('label, value, suffix')
      .eq('is_published', true)
      .order('sort_order');
    expect(error).toBeNull();
    await page.goto('/');
    const stats = page.locator('.block-stats').first();
    await expect(stats.locator('dt')).toHaveText(metrics!.map((row) => row.label));
    await expect(stats.locator('dd')).toHaveText(metrics!.map((row) => formatMetric(Number(row.value), row.suffix)));
    await expect(stats.locator('dd').first()).toHaveText('12,500+');
  });
});

test.describe('images', () => {
  test('every image has width, height, srcset and sizes; the hero loads first, the rest lazily', async ({ page }) => {
    await page.goto('/');
    const images = await page.locator('main img').evaluateAll((nodes) =>
      nodes.map((node) => {
        const img = node as HTMLImageElement;
        return {
          alt: img.getAttribute('alt'),
          width: Number(img.getAttribute('width')),
          height: Number(img.getAttribute('height')),
          srcset: img.getAttribute('srcset') ?? '',
          sizes: img.getAttribute('sizes') ?? '',
          loading: img.getAttribute('loading'),
          decoding: img.getAttribute('decoding'),
          fetchPriority: img.getAttribute('fetchpriority'),
          inHero: Boolean(img.closest('.block-hero')),
        };
      }),
    );
    expect(images.length).toBeGreaterThan(5);
    for (const image of images) {
      expect(image.alt, 'alt text from the CMS').toBeTruthy();
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
      expect(image.sizes).not.toBe('');
      const candidates = image.srcset.split(', ').map((candidate) => candidate.split(' '));
      expect(candidates.length).toBeGreaterThan(0);
      for (const [url, descriptor] of candidates) {
        const params = new URL(url!).searchParams;
        expect(descriptor).toBe(`${params.get('w')}w`);
        expect(params.get('auto')).toBe('format');
      }
      if (image.inHero) {
        expect(image).toMatchObject({ loading: 'eager', fetchPriority: 'high' });
      } else {
        expect(image).toMatchObject({ loading: 'lazy', decoding: 'async' });
      }
    }
    expect(images.filter((image) => image.inHero)).toHaveLength(1);
  });

  test('a below-the-fold image loads only when scrolled near', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const logo = page.locator('.block-logo-cloud img').last();
    expect(await logo.evaluate((img: HTMLImageElement) => img.currentSrc === '' || img.naturalWidth === 0)).toBe(true);
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The chosen rendition comes from the image API at a srcset width.
    expect(await logo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).searchParams.get('w'))).toMatch(
      /^\d+$/,
    );
  });

  test('the image URLs answer with images', async ({ page, request }) => {
    await page.goto('/');
    const src = await page.locator('.block-hero img').getAttribute('src');
    const response = await request.get(src!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\//);
  });

  test('the home page loads without layout shift', async ({ page }) => {
    await page.goto('/');
    // Loaded: network quiet, fonts in, every finite animation done, and one more frame drawn.
    await settle(page);
    await page.evaluate(() =>
      document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(resolve))),
    );
    const shift = await page.evaluate(() => {
      // Every shift so far, buffered since the page started: takeRecords hands them over at once.
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type: 'layout-shift', buffered: true });
      const entries = observer.takeRecords() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>;
      observer.disconnect();
      return entries.filter((entry) => !entry.hadRecentInput).reduce((total, entry) => total + entry.value, 0);
    });
    expect(shift).toBeLessThan(0.05);
  });
});

test('every section anchor is on the page, and heading levels never skip', async ({ request, sanity }) => {
  const anchors = await sanity.fetch<Array<{ docType: RoutableType; slug: string; anchors: string[] | null }>>(
    `*[_type in ["page", "service", "trainingModel"]]{ "docType": _type, "slug": slug.current, "anchors": pageBuilder[defined(anchor)].anchor }`,
  );
  const byPath = new Map(
    anchors.map((doc) => [pathForDocument({ type: doc.docType, slug: doc.slug }), doc.anchors ?? []]),
  );
  for (const path of ROUTE_PATHS) {
    const target = documentForPath(path)!;
    const html = await (await request.get(path)).text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    for (const anchor of byPath.get(pathForDocument(target)) ?? [])
      expect(main, `${path} has a section with id="${anchor}"`).toContain(`<section id="${anchor}"`);
    const levels = [...main.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
    expect(levels[0], `${path} starts with its h1`).toBe(1);
    expect(
      levels.filter((level) => level === 1),
      `${path} has one h1`,
    ).toHaveLength(1);
    for (let index = 1; index < levels.length; index++)
      expect(
        levels[index]! - levels[index - 1]!,
        `${path}: h${levels[index - 1]} then h${levels[index]}`,
      ).toBeLessThanOrEqual(1);
  }
});

test('rich text: internal links are app links that navigate without a reload', async ({ page, sanity }) => {
  const doc = await sanity.fetch<{ docType: RoutableType; slug: string; targets: unknown } | null>(
    `*[_type in ["page", "service", "trainingModel"] && count(pageBuilder[_type == "richText"].body[].markDefs[_type == "internalLink"]) > 0]
      | order(slug.current asc)[0]{
        "docType": _type,
        "slug": slug.current,
        "targets": pageBuilder[_type == "richText"].body[].markDefs[_type == "internalLink"].reference->slug.current
      }`,
  );
  expect(doc).not.toBeNull();
  const target = [doc!.targets].flat(4).find((slug): slug is string => typeof slug === 'string');
  expect(target, 'an internal link target').toBeDefined();
  // Before the app runs, a link is a plain link (the browser loads the page: the tap is not lost).
  await openHydrated(page, pathForDocument({ type: doc!.docType, slug: doc!.slug }));
  const link = page.locator(`.portable-body a[href$="/${target}"]`).first();
  await expect(link).toBeVisible();
  await expect(link).not.toHaveAttribute('rel');
  await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/${target}$`));
  expect(await page.evaluate(() => 'e2eSamePage' in window)).toBe(true);
});

test('FAQ answers open and close from the keyboard', async ({ page }) => {
  await page.goto('/about/accreditation');
  const item = page.locator('#certificates details').first();
  await item.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('open');
  await page.keyboard.press('Enter');
  await expect(item).not.toHaveAttribute('open');
});

test('gallery: a thumbnail opens the lightbox; arrows step, Escape closes and focus returns', async ({ page }) => {
  await page.goto('/media');
  const album = page.locator('article.album').first();
  const thumbs = album.locator('a.album__thumb');
  // Without script the thumbnail is a link to the larger picture.
  await expect(thumbs.first()).toHaveAttribute('href', /\/images\/.+\?.*w=\d+/);
  await thumbs.first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('dialog.lightbox');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(dialog.locator('.lightbox__count')).toHaveText(`1 / ${await thumbs.count()}`);
  await expect(dialog.locator('img')).toHaveAttribute('srcset', /w=\d+.* \d+w/);
  await page.keyboard.press('ArrowRight');
  await expect(dialog.locator('.lightbox__count')).toHaveText(`2 / ${await thumbs.count()}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(thumbs.first()).toBeFocused();
});
