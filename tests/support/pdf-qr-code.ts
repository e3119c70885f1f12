/**
 * The QR code on a PDF's first page, read as a phone would: the page rendered to an image
 * (pdf.js onto @napi-rs/canvas) and the image decoded by jsQR, without knowing where the code is.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import jsQRModule from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// jsqr is CommonJS typed as an ES module: Node's default import is the function itself.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

const fonts = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

/** The text the QR code holds; throws when the page has none that can be read. */
export async function pdfQrCode(bytes: Uint8Array, scale = 2): Promise<string> {
  const task = getDocument({ data: bytes.slice(), standardFontDataUrl: fonts });
  try {
    const page = await (await task.promise).getPage(1);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    // White paper: a transparent page would read as black to the decoder.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    if (!found) throw new Error('no QR code could be read on the first page');
    return found.data;
  } finally {
    await task.destroy();
  }
}
