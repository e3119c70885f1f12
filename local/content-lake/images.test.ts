/** The image endpoint through unmodified @sanity/image-url: sizes and fit modes measured with sharp, formats, SVG, caching, 404. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, startTestLake, type TestLake } from './test-lake.ts';

type Builder = ReturnType<TestLake['urlFor']>;

let t: TestLake;
let photoId: string;
let logoId: string;
let hero: { _type: 'image'; asset: { _ref: string }; crop: unknown; hotspot: unknown };

beforeAll(async () => {
  t = await startTestLake();
  hero = await t.client.fetch('*[_id == "page-home"][0].hero');
  photoId = hero.asset._ref;
  logoId = await t.client.fetch<string>('*[_id == "siteSettings"][0].logo.asset._ref');
});
afterAll(() => t.close());

interface Measured {
  status: number;
  headers: Headers;
  body: Buffer;
  format?: string;
  width?: number;
  height?: number;
}

async function measure(url: string, accept = 'image/avif,image/webp,*/*'): Promise<Measured> {
  const res = await fetch(url, { headers: { accept } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, headers: res.headers, body };
  const meta = await sharp(body).metadata();
  return {
    status: res.status,
    headers: res.headers,
    body,
    format: meta.format,
    width: meta.width,
    height: meta.height,
  };
}

/** The colour at a point given as fractions of width and height, as #rrggbb. */
async function colourAt(body: Buffer, fx = 0.5, fy = 0.5): Promise<string> {
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(info.height * fy) * info.width + Math.floor(info.width * fx)) * info.channels;
  return `#${[...data.subarray(offset, offset + 3)].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

// photo.png is 320x240 in four quadrants: red, teal / yellow, dark blue.
const red = '#d62828';
const yellow = '#e9c46a';
const darkBlue = '#264653';

describe('originals', () => {
  it('serves the stored bytes with their type and immutable caching', async () => {
    const png = await measure(t.urlFor(photoId).url());
    expect(png.body.equals(await readFile(join(fixturesDir, 'images/photo.png')))).toBe(true);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const svg = await measure(t.urlFor(logoId).url());
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.body.toString()).toContain('<svg');
    // auto=format leaves an SVG alone: it is already the best format for a logo.
    expect((await measure(t.urlFor(logoId).auto('format').url())).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers unknown images with 404', async () => {
    const url = t.urlFor(photoId).url();
    expect((await measure(url.replace(/\/[0-9a-f]{40}-/, `/${'0'.repeat(40)}-`))).status).toBe(404);
    expect((await measure(url.replace('/test1234/', '/otherproject/'))).status).toBe(404);
    expect((await measure(url.replace('/fixtures/', '/staging/'))).status).toBe(404);
    expect((await measure(url.replace('-320x240.png', '-320x240.jpg'))).status).toBe(404);
  });

  it('rejects malformed parameters with 400', async () => {
    expect((await measure(`${t.urlFor(photoId).url()}?w=abc`)).status).toBe(400);
    expect((await measure(`${t.urlFor(photoId).url()}?rect=400,400,10,10`)).status).toBe(400);
  });
});

describe('sizes and fit modes', () => {
  it.each([
    ['w only', (b: Builder) => b.width(100), 100, 75],
    ['h only', (b: Builder) => b.height(60), 80, 60],
    ['clip (default)', (b: Builder) => b.width(100).height(100), 100, 75],
    ['crop', (b: Builder) => b.width(100).height(100).fit('crop'), 100, 100],
    ['max never upscales', (b: Builder) => b.width(1000).height(1000).fit('max'), 320, 240],
    ['clip upscales', (b: Builder) => b.width(640).height(1000), 640, 480],
    ['fill pads to the box', (b: Builder) => b.width(100).height(100).fit('fill'), 100, 100],
    ['fillmax pads without upscaling', (b: Builder) => b.width(400).height(400).fit('fillmax'), 400, 400],
    ['min keeps the aspect within the source', (b: Builder) => b.width(1000).height(500).fit('min'), 320, 160],
    ['scale distorts', (b: Builder) => b.width(100).height(100).fit('scale'), 100, 100],
    ['dpr multiplies', (b: Builder) => b.width(50).dpr(2), 100, 75],
    ['rect cuts', (b: Builder) => b.rect(0, 0, 160, 120), 160, 120],
    ['rect then w', (b: Builder) => b.rect(0, 0, 160, 120).width(80), 80, 60],
    ['orientation swaps sides', (b: Builder) => b.orientation(90).width(120), 120, 160],
  ])('%s', async (_name, build, width, height) => {
    // ignoreImageParams: with both w and h, @sanity/image-url would otherwise add a rect matching the aspect.
    const got = await measure(build(t.urlFor(photoId).ignoreImageParams()).url());
    expect([got.status, got.width, got.height]).toEqual([200, width, height]);
  });

  it('cuts the right pixels for rect, crop/hotspot and the focal point', async () => {
    expect(await colourAt((await measure(t.urlFor(photoId).rect(160, 120, 160, 120).url())).body)).toBe(darkBlue);
    // The fixture's crop keeps the top-left quadrant: @sanity/image-url turns it into rect=.
    const croppedUrl = t.urlFor(hero).width(100).height(100).url();
    expect(croppedUrl).toContain('rect=');
    const cropped = await measure(croppedUrl);
    expect([cropped.width, cropped.height]).toEqual([100, 100]);
    expect(await colourAt(cropped.body)).toBe(red);
    // A 100x40 window can only move vertically over the 100x75 scaled photo: the focal point decides where.
    const focal = (y: number): string =>
      t.urlFor(photoId).width(100).height(40).fit('crop').crop('focalpoint').focalPoint(0.5, y).url();
    expect(await colourAt((await measure(focal(0.9))).body, 0.25)).toBe(yellow);
    expect(await colourAt((await measure(focal(0.1))).body, 0.25)).toBe(red);
  });
});

describe('formats', () => {
  it('converts with fm and sets the content type', async () => {
    const webp = await measure(t.urlFor(photoId).width(50).format('webp').url());
    expect([webp.format, webp.headers.get('content-type')]).toEqual(['webp', 'image/webp']);
    const jpg = await measure(t.urlFor(photoId).width(50).format('jpg').quality(40).url());
    expect([jpg.format, jpg.headers.get('content-type')]).toEqual(['jpeg', 'image/jpeg']);
    const png = await measure(t.urlFor(photoId).width(50).format('png').url());
    expect(png.format).toBe('png');
  });

  it('picks WebP for auto=format when the browser accepts it', async () => {
    const url = t.urlFor(photoId).width(60).auto('format').url();
    const modern = await measure(url);
    expect([modern.format, modern.headers.get('content-type'), modern.headers.get('vary')]).toEqual([
      'webp',
      'image/webp',
      'Origin, Accept',
    ]);
    const old = await measure(url, 'image/png,*/*');
    expect([old.format, old.width]).toEqual(['png', 60]);
  });

  it('rasterises SVG when asked for a transform, at the requested size', async () => {
    const big = await measure(t.urlFor(logoId).width(600).url());
    expect([big.format, big.width, big.height]).toEqual(['png', 600, 200]);
    const webp = await measure(t.urlFor(logoId).height(20).format('webp').url());
    expect([webp.format, webp.width, webp.height]).toEqual(['webp', 60, 20]);
  });
});

describe('transform cache', () => {
  it('serves a repeated transform from memory', async () => {
    const url = t.urlFor(photoId).width(77).url();
    const first = await measure(url);
    const second = await measure(url);
    expect([first.headers.get('x-local-cache'), second.headers.get('x-local-cache')]).toEqual(['miss', 'hit']);
    expect(second.body.equals(first.body)).toBe(true);
  });
});

describe('render cost bounds', () => {
  it('refuses an 8192x8192 render with a large blur at once (it took 84 s) and keeps serving', async () => {
    const started = performance.now();
    const url = t.urlFor(hero).width(8192).height(8192).fit('fill').blur(2000).url();
    const response = await fetch(url);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(/^The output \(8192x8192\) is larger than 25000000 pixels/),
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await measure(t.urlFor(hero).width(100).url())).status).toBe(200);
  });

  it('clamps a large blur on a large output so it renders quickly, still blurred', async () => {
    const started = performance.now();
    const blurred = await measure(t.urlFor(hero).width(3000).height(3000).fit('fill').blur(2000).url());
    expect(blurred).toMatchObject({ status: 200, width: 3000, height: 3000 });
    expect(performance.now() - started).toBeLessThan(8000);
    // Still blurred: where the sharp render shows one quadrant's colour, the blurred one mixes them.
    const sharpRender = await measure(t.urlFor(hero).width(3000).height(3000).fit('fill').url());
    const sharpColour = await colourAt(sharpRender.body, 0.5, 0.5);
    expect([red, yellow, darkBlue, '#2a9d8f']).toContain(sharpColour);
    expect(await colourAt(blurred.body, 0.5, 0.5)).not.toBe(sharpColour);
  });
});
