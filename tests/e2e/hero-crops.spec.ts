/**
 * Hero pictures are cut to the hero's shape without cutting any word out of the illustration:
 * for every page whose hero has a picture, the part of the picture the browser shows (the `rect`
 * of the image URL it loaded, at the shape it is drawn) holds every <text> of the original SVG,
 * measured where the browser draws it.
 */
import type { Page } from '@playwright/test';
import { pathForDocument, type RoutableType } from '../../web/app/config/routes-table.ts';
import { expect, test } from './fixtures.ts';
import { openLoaded } from './support/hydrated.ts';

const HERO_PAGES_QUERY = `*[_type in ["page", "service", "trainingModel"] && !(_id in path("drafts.**"))
  && count(pageBuilder[_type == "hero" && defined(image.asset)]) > 0]{ "type": _type, "slug": slug.current }`;

interface Box {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Each element of an SVG matching `selector` (default: its words) as drawn, in the picture's own
 * pixels (its width and height attributes).
 */
async function wordBoxes(page: Page, svg: string, selector = 'text'): Promise<Box[]> {
  await page.setContent(`<body style="margin:0">${svg}</body>`);
  return page.evaluate((selector) => {
    const root = document.querySelector('svg');
    if (!root) throw new Error('not an SVG');
    const width = root.width.baseVal.value;
    const height = root.height.baseVal.value;
    const drawn = root.getBoundingClientRect();
    const sx = width / drawn.width;
    const sy = height / drawn.height;
    return [...root.querySelectorAll(selector)].map((text) => {
      const box = text.getBoundingClientRect();
      return {
        text: text.tagName === 'text' ? (text.textContent ?? '') : `<${text.tagName}>`,
        left: (box.left - drawn.left) * sx,
        top: (box.top - drawn.top) * sy,
        right: (box.right - drawn.left) * sx,
        bottom: (box.bottom - drawn.top) * sy,
      };
    });
  }, selector);
}

/** The part of the picture an image URL shows: its `rect`, or without one the whole picture (its size is in the asset's file name). */
function cutOf(url: URL): number[] {
  const whole = (/-(\d+)x(\d+)\.svg$/.exec(url.pathname) ?? []).slice(1).map(Number);
  return url.searchParams.get('rect')?.split(',').map(Number) ?? [0, 0, ...whole];
}

const inside = (box: Box, [left = 0, top = 0, width = 0, height = 0]: number[]) =>
  box.left >= left - 1 && box.right <= left + width + 1 && box.top >= top - 1 && box.bottom <= top + height + 1;

test('no hero picture cuts a word out of its illustration', async ({ page, context, request, sanity }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const documents = await sanity.fetch<Array<{ type: RoutableType; slug: string }>>(HERO_PAGES_QUERY);
  expect(documents.length).toBeGreaterThan(20);
  const scratch = await context.newPage();
  let withWords = 0;
  for (const document of documents) {
    const path = pathForDocument(document);
    await openLoaded(page, path);
    const picture = page.locator('.block-hero__media img').first();
    await expect(picture, path).toBeVisible();
    const shown = await picture.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      width: img.getBoundingClientRect().width,
      height: img.getBoundingClientRect().height,
    }));
    const url = new URL(shown.src);
    const original = await request.get(`${url.origin}${url.pathname}`);
    expect(original.ok(), `${path}: ${url.pathname}`).toBe(true);
    if (!url.pathname.endsWith('.svg')) continue;
    const words = await wordBoxes(scratch, await original.text());
    if (words.length === 0) continue;
    withWords++;
    const rect = cutOf(url);
    const [, , width = 0, height = 0] = rect;
    // Drawn at the shape of the cut (no further cropping by CSS).
    const cutShape = url.searchParams.has('h')
      ? Number(url.searchParams.get('w')) / Number(url.searchParams.get('h'))
      : width / height;
    expect(Math.abs(shown.width / shown.height - cutShape), `${path}: drawn at the cut's shape`).toBeLessThan(0.02);
    for (const word of words) {
      expect(
        inside(word, rect),
        `${path}: "${word.text}" (x ${Math.round(word.left)}-${Math.round(word.right)}, y ${Math.round(word.top)}-${Math.round(word.bottom)}) inside the cut ${rect.join(',')}`,
      ).toBe(true);
    }
  }
  // The art with words: the six pages the walk-through found cut, and a few more.
  expect(withWords).toBeGreaterThanOrEqual(6);
});

// Most heroes' art bleeds scenery off its edges on purpose; this one is a diagram, whole or wrong.
test('/training-model/effectiveness shows its whole pyramid and chart in the hero', async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const path = '/training-model/effectiveness';
  await openLoaded(page, path);
  const src = await page
    .locator('.block-hero__media img')
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc);
  const url = new URL(src);
  const original = await request.get(`${url.origin}${url.pathname}`);
  const figures = await wordBoxes(await context.newPage(), await original.text(), 'polygon, path, circle, text');
  expect(figures.length).toBeGreaterThanOrEqual(14);
  const rect = cutOf(url);
  const cut = figures.filter((figure) => !inside(figure, rect));
  expect(
    cut.map((figure) => `${figure.text} x ${Math.round(figure.left)}-${Math.round(figure.right)}`),
    `outside the cut ${rect.join(',')}`,
  ).toEqual([]);
});
