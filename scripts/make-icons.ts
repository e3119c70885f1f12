/**
 * `npm run icons`: makes the site's icons in web/public from the logo's mark
 * (content/images/ascent-logo.svg): favicon.svg and favicon.ico (16, 32, 48 px), the 180 px
 * apple-touch-icon (opaque: iOS fills transparency with black) and the web app manifest's
 * 192 and 512 px icons plus a maskable one (the mark inside the central safe zone); and the
 * interface icons' masks, web/app/styles/mask-icons.css (scripts/icons/mask-icons.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../local/env.ts';
import { MANIFEST_COLOURS, SITE_ICONS } from '../web/app/config/site-icons.ts';
import { brandMark, markIconSvg, type IconOptions } from './icons/brand-mark.ts';
import { MASK_ICONS_CSS, maskIcons, maskIconsCss } from './icons/mask-icons.ts';
import { icoFile } from './icons/ico-file.ts';

export const LOGO_FILE = join(repoRoot, 'content', 'images', 'ascent-logo.svg');
export const PUBLIC_DIR = join(repoRoot, 'web', 'public');

/** Transparent, small margin: tabs and bookmarks. */
export const FAVICON: IconOptions = { margin: 0.04 };
/** Opaque, on the page's background. */
export const APPLE_TOUCH: IconOptions = { margin: 0.14, background: MANIFEST_COLOURS.background };
/** A maskable icon may be cut to a circle of 80% of its side: the mark stays inside it. */
export const MASKABLE: IconOptions = { margin: 0.22, background: MANIFEST_COLOURS.background };

async function png(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
}

/** Every icon file by its URL path. */
export async function makeIcons(logoSvg: string): Promise<Map<string, Buffer>> {
  const mark = brandMark(logoSvg);
  const favicon = markIconSvg(mark, FAVICON);
  const apple = markIconSvg(mark, APPLE_TOUCH);
  const maskable = markIconSvg(mark, MASKABLE);
  const ico = icoFile(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await png(favicon, size) }))));
  return new Map([
    [SITE_ICONS.svg, Buffer.from(favicon)],
    [SITE_ICONS.ico, ico],
    [SITE_ICONS.appleTouch, await png(apple, 180)],
    [SITE_ICONS.any192, await png(favicon, 192)],
    [SITE_ICONS.any512, await png(favicon, 512)],
    [SITE_ICONS.maskable512, await png(maskable, 512)],
  ]);
}

if (import.meta.main) {
  for (const [path, bytes] of await makeIcons(readFileSync(LOGO_FILE, 'utf8'))) {
    writeFileSync(join(PUBLIC_DIR, path), bytes);
    console.log(`web/public${path}  ${bytes.length} bytes`);
  }
  const css = maskIconsCss(await maskIcons());
  writeFileSync(MASK_ICONS_CSS, css);
  console.log(`web/app/styles/mask-icons.css  ${css.length} bytes`);
}
