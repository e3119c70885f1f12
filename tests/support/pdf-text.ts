/** The text of a PDF, page by page, as pdf.js (Mozilla's PDF reader) extracts it. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fonts = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({ data: bytes, standardFontDataUrl: fonts });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await task.destroy();
  // One space between words whatever pdf.js made of the layout.
  return pages.join('\n').replace(/[ \t]+/g, ' ');
}

/** How many raster images the first page paints (a logo, for instance). */
export async function pdfImageCount(bytes: Uint8Array): Promise<number> {
  const task = getDocument({ data: bytes.slice(), standardFontDataUrl: fonts });
  try {
    const { fnArray } = await (await (await task.promise).getPage(1)).getOperatorList();
    return fnArray.filter((op) => op === OPS.paintImageXObject).length;
  } finally {
    await task.destroy();
  }
}
