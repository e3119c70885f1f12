import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../local/env.ts';
import { SITE_ICONS } from '../../web/app/config/site-icons.ts';
import { LOGO_FILE, makeIcons, PUBLIC_DIR } from '../make-icons.ts';
import { brandMark } from './brand-mark.ts';
import { icoFile, readIco } from './ico-file.ts';
import { MASK_ICON_PIXELS, MASK_ICONS_CSS, maskIcons, maskIconsCss } from './mask-icons.ts';

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

describe('the interface icons (web/app/styles/mask-icons.css)', () => {
  const committedCss = readFileSync(MASK_ICONS_CSS, 'utf8');
  const committedPng = (name: string) => {
    const base64 = new RegExp(`\\.icon--${name} \\{\\n  --icon: url\\('data:image/png;base64,([^']+)'\\)`).exec(
      committedCss,
    )?.[1];
    if (!base64) throw new Error(`no .icon--${name} in mask-icons.css: run npm run icons`);
    return Buffer.from(base64, 'base64');
  };

  it('are what `npm run icons` makes from web/app/styles/icons today (not stale)', async () => {
    const icons = await maskIcons();
    expect(maskIconsCss(icons).replace(/base64,[^']+/g, '')).toBe(committedCss.replace(/base64,[^']+/g, ''));
    for (const { name, png } of icons) {
      const now = await sharp(png).ensureAlpha().raw().toBuffer();
      const then = await sharp(committedPng(name)).ensureAlpha().raw().toBuffer();
      expect(now.equals(then), `${name} differs from a fresh render: run npm run icons`).toBe(true);
    }
  });

  it('are PNG masks: square, transparent around the shape, opaque where it is drawn', async () => {
    for (const name of [
      'cart',
      'search',
      'menu',
      'sun',
      'moon',
      'facebook',
      'instagram',
      'linkedin',
      'twitter',
      'youtube',
    ]) {
      const image = sharp(committedPng(name));
      const meta = await image.metadata();
      expect([name, meta.format, meta.width, meta.height]).toEqual([name, 'png', MASK_ICON_PIXELS, MASK_ICON_PIXELS]);
      const alpha = await image.ensureAlpha().extractChannel(3).raw().toBuffer();
      expect([name, alpha[0]]).toEqual([name, 0]);
      expect(Math.max(...alpha), name).toBe(255);
    }
  });

  it('no stylesheet of the site draws an SVG image', () => {
    // An SVG image in CSS is a document of its own in the browser's first style pass (mask-icons.ts).
    const sheets = readdirSync(join(repoRoot, 'web', 'app'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.css'),
    );
    expect(sheets.length).toBeGreaterThan(5);
    for (const sheet of sheets) {
      const css = readFileSync(join(repoRoot, 'web', 'app', sheet), 'utf8');
      expect(css, sheet).not.toMatch(/url\(\s*["']?(?:data:image\/svg|[^)"']*\.svg)/);
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

  it('leaves out the word drawn as outlines in <g id="word">', () => {
    const mark = brandMark('<svg><polygon points="10,20 30,40"/><g id="word"><path d="M100,0 L200,90"/></g></svg>');
    expect(mark.box).toEqual({ x: 10, y: 20, width: 20, height: 20 });
    expect(mark.shapes).not.toContain('M100');
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
