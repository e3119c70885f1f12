/** Image URLs: base URL per environment, crop-aware sizes, srcset steps that never upscale, aspect cuts. */
import { describe, expect, it } from 'vitest';
import {
  aspectKeepingHotspot,
  assetDimensions,
  croppedDimensions,
  imageBaseUrl,
  imageSources,
  imageUrl,
  logoSources,
  srcSetWidths,
  type ImageConfig,
  type SanityImageValue,
} from './image.ts';

const local: ImageConfig = { projectId: 'ascent', dataset: 'production', apiHost: 'http://127.0.0.1:54330' };
const hosted: ImageConfig = { projectId: 'abc123', dataset: 'production', apiHost: '' };
const sha = '091c6209bd34c3afbf8eeecae70984ca66690de2';

function image(overrides: Partial<SanityImageValue> = {}): SanityImageValue {
  return {
    alt: 'Sunrise over mountains',
    caption: null,
    hotspot: null,
    crop: null,
    asset: { _id: `image-${sha}-1600x900-jpg`, url: 'unused', width: 1600, height: 900, lqip: null },
    ...overrides,
  };
}

function params(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

describe('imageBaseUrl', () => {
  it('uses the Sanity CDN when no API host is set, and the content lake locally', () => {
    expect(imageBaseUrl('')).toBe('https://cdn.sanity.io');
    expect(imageBaseUrl('http://127.0.0.1:54330/')).toBe('http://127.0.0.1:54330');
    expect(imageBaseUrl('https://api.sanity.io')).toBe('https://cdn.sanity.io');
  });
});

describe('dimensions', () => {
  it('reads the asset metadata, else the size in the asset id', () => {
    expect(assetDimensions({ _id: `image-${sha}-1600x900-jpg`, width: 800, height: 600 })).toEqual({
      width: 800,
      height: 600,
    });
    expect(assetDimensions({ _id: `image-${sha}-1600x900-svg`, width: null, height: null })).toEqual({
      width: 1600,
      height: 900,
    });
    expect(assetDimensions({ _id: 'not-an-asset-id' })).toBeNull();
  });

  it('applies the editor crop', () => {
    const crop = { _type: 'sanity.imageCrop' as const, top: 0.1, bottom: 0.1, left: 0.25, right: 0.25 };
    expect(croppedDimensions(image({ crop }))).toEqual({ width: 800, height: 720 });
    expect(croppedDimensions(image({ asset: null }))).toBeNull();
  });
});

describe('srcSetWidths', () => {
  it('offers the standard steps below the available width, then the available width itself', () => {
    expect(srcSetWidths(1600, 2560)).toEqual([320, 480, 640, 800, 1024, 1280, 1600]);
    expect(srcSetWidths(700, 2560)).toEqual([320, 480, 640, 700]);
  });

  it('stops at the largest useful width', () => {
    expect(srcSetWidths(4000, 1280)).toEqual([320, 480, 640, 800, 1024, 1280]);
    expect(srcSetWidths(200, 2560)).toEqual([200]);
  });
});

describe('imageSources', () => {
  it('builds src and a w-descriptor srcset on the content lake with auto=format', () => {
    const sources = imageSources(local, image())!;
    const entries = sources.srcSet.split(', ');
    expect(entries.map((entry) => entry.split(' ')[1])).toEqual([
      '320w',
      '480w',
      '640w',
      '800w',
      '1024w',
      '1280w',
      '1600w',
    ]);
    for (const entry of entries) {
      const [url, descriptor] = entry.split(' ');
      expect(url).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:54330/images/ascent/production/${sha}-1600x900\\.jpg\\?`),
      );
      expect(params(url!).get('w')).toBe(descriptor!.replace('w', ''));
      expect(params(url!).get('auto')).toBe('format');
    }
    expect(params(sources.src).get('w')).toBe('1024');
    expect({ width: sources.width, height: sources.height }).toEqual({ width: 1600, height: 900 });
  });

  it('points at cdn.sanity.io for a hosted project', () => {
    expect(imageSources(hosted, image())!.src).toMatch(/^https:\/\/cdn\.sanity\.io\/images\/abc123\/production\//);
  });

  it('cuts to an aspect ratio around the hotspot, with matching intrinsic size', () => {
    const hotspot = { _type: 'sanity.imageHotspot' as const, x: 0.8, y: 0.5, width: 0.2, height: 0.2 };
    const sources = imageSources(local, image({ hotspot }), { aspectRatio: 1, maxWidth: 640 })!;
    // A square from a 1600x900 picture can be at most 900 wide; capped at 640.
    expect({ width: sources.width, height: sources.height }).toEqual({ width: 640, height: 640 });
    const last = params(sources.srcSet.split(', ').at(-1)!.split(' ')[0]!);
    expect(last.get('w')).toBe('640');
    expect(last.get('h')).toBe('640');
    expect(last.get('fit')).toBe('crop');
    // The hotspot sits right of centre, so the square is cut from the right-hand side.
    const [left] = (last.get('rect') ?? '').split(',').map(Number);
    expect(left).toBeGreaterThan(350);
  });

  it('widens a cut just enough to keep a wide hotspot whole, and the rect holds it', () => {
    // Words from x 140 to 1420 of 1600: a 4:3 cut (1200 wide) would lose some of them.
    const hotspot = { _type: 'sanity.imageHotspot' as const, x: 0.5, y: 0.5, width: 0.8, height: 0.5 };
    const sources = imageSources(local, image({ hotspot }), { aspectRatio: 4 / 3, maxWidth: 1280 })!;
    expect(sources.width / sources.height).toBeCloseTo(1280 / 900, 2);
    const [left, , width] = (params(sources.src).get('rect') ?? '').split(',').map(Number);
    expect(left).toBeLessThanOrEqual(160);
    expect(left! + width!).toBeGreaterThanOrEqual(1440);
  });

  it('keeps the preferred shape when the hotspot fits in it', () => {
    const hotspot = { _type: 'sanity.imageHotspot' as const, x: 0.7, y: 0.5, width: 0.4, height: 0.3 };
    const sources = imageSources(local, image({ hotspot }), { aspectRatio: 4 / 3, maxWidth: 1280 })!;
    expect(sources.width / sources.height).toBeCloseTo(4 / 3, 2);
    const [left, , width] = (params(sources.src).get('rect') ?? '').split(',').map(Number);
    // Centred on the hotspot (x 1120), kept inside the picture: 400..1600.
    expect([left, left! + width!]).toEqual([400, 1600]);
  });

  it('narrows a tall cut for a tall hotspot, within the editor crop', () => {
    const full = { width: 1600, height: 900 };
    const hotspot = { _type: 'sanity.imageHotspot' as const, x: 0.5, y: 0.5, width: 0.1, height: 1 };
    // A 1:2 cut of 1600x900 is 450x900 at most: it already holds a hotspot 900 tall.
    expect(aspectKeepingHotspot(0.5, full, full, hotspot)).toBe(0.5);
    // A 3:1 cut would be 1600x533: the hotspot needs the full height, so 1600/900 at the widest.
    expect(aspectKeepingHotspot(3, full, full, hotspot)).toBeCloseTo(1600 / 900);
    expect(aspectKeepingHotspot(3, full, full, null)).toBe(3);
  });

  it('keeps the editor crop as a rect', () => {
    const crop = { _type: 'sanity.imageCrop' as const, top: 0, bottom: 0, left: 0.5, right: 0 };
    const sources = imageSources(local, image({ crop }))!;
    expect(params(sources.src).get('rect')).toBe('800,0,800,900');
    expect({ width: sources.width, height: sources.height }).toEqual({ width: 800, height: 900 });
  });

  it('gives nothing for an image without an asset', () => {
    expect(imageSources(local, image({ asset: null }))).toBeNull();
    expect(imageUrl(local, image({ asset: null }), 800)).toBeNull();
  });
});

describe('imageUrl', () => {
  it('gives one URL at most the asked width, never wider than the picture', () => {
    expect(params(imageUrl(local, image(), 800)!).get('w')).toBe('800');
    expect(params(imageUrl(local, image(), 4000)!).get('w')).toBe('1600');
  });
});

describe('logoSources', () => {
  const svgLogo = image({
    asset: { _id: `image-${sha}-392x96-svg`, url: 'unused', width: 392, height: 96, lqip: null },
  });
  const bitmapLogo = image({
    asset: { _id: `image-${sha}-300x60-png`, url: 'unused', width: 300, height: 60, lqip: null },
  });
  const densities = (srcSet: string) =>
    srcSet.split(', ').map((entry) => [params(entry.split(' ')[0]!).get('h'), entry.split(' ')[1]]);

  it('asks the image API for an SVG logo as pictures 1×, 2× and 3× the shown height, in the format the browser takes', () => {
    const logo = logoSources(local, svgLogo, 36)!;
    expect(densities(logo.srcSet)).toEqual([
      ['36', '1x'],
      ['72', '2x'],
      ['108', '3x'],
    ]);
    expect(params(logo.src).get('h')).toBe('36');
    expect(params(logo.src).get('auto')).toBe('format');
    // The shown size keeps the logo's shape: 392 × 96 at 36 px high.
    expect([logo.width, logo.height]).toEqual([147, 36]);
  });

  it('never enlarges a bitmap logo past its own height', () => {
    expect(densities(logoSources(local, bitmapLogo, 36)!.srcSet)).toEqual([['36', '1x']]);
    expect(densities(logoSources(local, bitmapLogo, 24)!.srcSet)).toEqual([
      ['24', '1x'],
      ['48', '2x'],
    ]);
  });

  it('gives nothing without an asset', () => {
    expect(logoSources(local, image({ asset: null }), 36)).toBeNull();
  });
});
