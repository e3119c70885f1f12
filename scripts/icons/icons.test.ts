import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SITE_ICONS } from '../../web/app/config/site-icons.ts';
import { LOGO_FILE, makeIcons, PUBLIC_DIR } from '../make-icons.ts';
import { brandMark } from './brand-mark.ts';
import { icoFile, readIco } from './ico-file.ts';

const committed = (path: string) => readFileSync(join(PUBLIC_DIR, path));
const logo = readFileSync(LOGO_FILE, 'utf8');

describe('the site icons in web/public', () => {
  it('are what `npm run icons` makes from the logo today (not stale)', async () => {
    const made = await makeIcons(logo);
    expect(made.get(SITE_ICONS.svg)!.toString()).toBe(committed(SITE_ICONS.svg).toString());
    for (const [path, bytes] of made) {
      if (path.endsWith('.png')) {
        const now = await sharp(bytes).raw().toBuffer();
        const then = await sharp(committed(path)).raw().toBuffer();
        expect(now.equals(then), `${path} differs from a fresh render: run npm run icons`).toBe(true);
      }
    }
  });

  it('draw the logo mark without its word', () => {
    const svg = committed(SITE_ICONS.svg).toString();
    expect(svg).toContain('#1B998B');
    expect(svg).not.toMatch(/<text|Ascent/);
  });

  it('give /favicon.ico 16, 32 and 48 px PNG images', async () => {
    const images = readIco(committed(SITE_ICONS.ico));
    expect(images.map((image) => image.size)).toEqual([16, 32, 48]);
    for (const { size, png } of images) {
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
  });

  it('have the sizes the manifest and iOS expect; the apple-touch and maskable icons are opaque', async () => {
    const expected: Array<[string, number, boolean]> = [
      [SITE_ICONS.appleTouch, 180, true],
      [SITE_ICONS.any192, 192, false],
      [SITE_ICONS.any512, 512, false],
      [SITE_ICONS.maskable512, 512, true],
    ];
    for (const [path, size, opaque] of expected) {
      const image = sharp(committed(path));
      const [meta, stats] = await Promise.all([image.metadata(), image.stats()]);
      expect([path, meta.width, meta.height]).toEqual([path, size, size]);
      expect([path, stats.isOpaque]).toEqual([path, opaque]);
    }
  });
});

describe('brandMark', () => {
  it('boxes the shapes, strokes included', () => {
    const mark = brandMark(
      '<svg><polygon points="10,20 30,40" fill="red"/><path d="M0,50 L20,50" stroke-width="4"/><text>Word</text></svg>',
    );
    expect(mark.box).toEqual({ x: -2, y: 20, width: 32, height: 32 });
    expect(mark.shapes).not.toContain('Word');
  });

  it('refuses a logo with nothing to draw', () => {
    expect(() => brandMark('<svg><text>Only a word</text></svg>')).toThrow(/no shapes/);
  });
});

describe('icoFile', () => {
  it('round-trips its images, 256 px written as 0 as the format wants', () => {
    const images = [
      { size: 16, png: Buffer.from('a') },
      { size: 256, png: Buffer.from('bcd') },
    ];
    const file = icoFile(images);
    expect(file.readUInt8(6 + 16)).toBe(0);
    expect(readIco(file)).toEqual(images);
    expect(() => icoFile([{ size: 300, png: Buffer.from('x') }])).toThrow(/300 px/);
  });
});
