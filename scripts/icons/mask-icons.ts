/**
 * The interface icons (header buttons, social links) as CSS masks over the text colour, drawn from
 * the SVG files in web/app/styles/icons/ into PNG data URLs: an SVG image in CSS costs the browser
 * a document of its own during the first style pass (about 15 ms per icon file on this machine,
 * 60 ms with the CPU slowed 4×, all of it in the task Lighthouse counts as blocking), a PNG does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../../local/env.ts';

export const ICON_SOURCE_DIR = join(repoRoot, 'web', 'app', 'styles', 'icons');
export const MASK_ICONS_CSS = join(repoRoot, 'web', 'app', 'styles', 'mask-icons.css');

/** Icons show at 20 CSS px (`.icon`); three device pixels per CSS pixel keep them sharp on phones. */
export const MASK_ICON_PIXELS = 60;

/** Each icon's name (its file name) and its PNG. */
export async function maskIcons(dir = ICON_SOURCE_DIR): Promise<Array<{ name: string; png: Buffer }>> {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.svg'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const svg = readFileSync(join(dir, file));
      // The sources draw on a 24-unit grid: 72 dpi per 24 units gives 24 px, so scale the density.
      const density = (72 * MASK_ICON_PIXELS) / 24;
      const png = await sharp(svg, { density })
        .resize(MASK_ICON_PIXELS, MASK_ICON_PIXELS)
        .png({ compressionLevel: 9, palette: true, colours: 16 })
        .toBuffer();
      return { name: basename(file, '.svg'), png };
    }),
  );
}

/** The stylesheet: one `.icon--<name>` rule per icon, setting the mask `.icon` draws with. */
export function maskIconsCss(icons: Array<{ name: string; png: Buffer }>): string {
  const rules = icons.map(
    ({ name, png }) => `.icon--${name} {\n  --icon: url('data:image/png;base64,${png.toString('base64')}');\n}\n`,
  );
  return `/* Made by \`npm run icons\` from web/app/styles/icons/*.svg (scripts/icons/mask-icons.ts): do not edit. */\n${rules.join('')}`;
}
