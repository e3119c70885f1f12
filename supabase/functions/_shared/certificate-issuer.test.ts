/**
 * The certificate's issuer from the CMS settings: the logo fetched as a PNG from the image API (a
 * real HTTP server here) and printed top left; without a logo, or when the image API fails, the
 * name alone; the signatory only with a name.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { certificateIssuer } from './certificate-issuer.ts';
import { CERTIFICATE_PAGE, LOGO_BOX, renderCertificatePdf, type CertificateDocument } from './certificate-pdf.ts';

const certificate: CertificateDocument = {
  holderName: 'Achieng Otieno',
  programTitle: 'Strategic Leadership',
  startsOn: '2026-10-05',
  endsOn: '2026-10-09',
  hours: null,
  issuedAt: '2026-10-10T07:00:00Z',
  printedCode: 'ABCD-EFGH-JKMN',
  verifyUrl: 'https://ascent.example/verify/ABCD-EFGH-JKMN',
};

/** A solid teal 200 x 100 PNG: what the image API renders of the logo. */
function logoPng(): Uint8Array {
  const canvas = createCanvas(200, 100);
  const context = canvas.getContext('2d');
  context.fillStyle = '#0f6b6b';
  context.fillRect(0, 0, 200, 100);
  return new Uint8Array(canvas.encodeSync('png'));
}

let server: Server;
let origin = '';
const asked: string[] = [];

beforeAll(async () => {
  const png = logoPng();
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url?.startsWith('/images/logo.svg')) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else response.writeHead(500).end('image render failed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Whether the page is drawn (not white) in the middle of the logo's box. */
async function logoDrawn(bytes: Uint8Array): Promise<boolean> {
  const task = getDocument({ data: bytes.slice() });
  const page = await (await task.promise).getPage(1);
  const viewport = page.getViewport({ scale: 1 });
  const canvas = createCanvas(viewport.width, viewport.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  await task.destroy();
  const x = Math.round(LOGO_BOX.x + 20);
  const y = Math.round(CERTIFICATE_PAGE[1] - LOGO_BOX.y - LOGO_BOX.height / 2);
  const [red, green, blue] = context.getImageData(x, y, 1, 1).data;
  return red! < 200 || green! < 200 || blue! < 200;
}

describe('certificateIssuer', () => {
  it('prints the CMS logo as a PNG from the image API and the signatory', async () => {
    const issuer = await certificateIssuer({
      instituteName: 'Ascent',
      logoUrl: `${origin}/images/logo.svg`,
      certificateSignatory: { name: 'Dr. Wanjiru Kamau', title: 'Director of Training' },
    });
    expect(asked.at(-1)).toBe('/images/logo.svg?h=224&fm=png');
    expect(issuer.signatory).toEqual({ name: 'Dr. Wanjiru Kamau', title: 'Director of Training' });
    expect(await logoDrawn(await renderCertificatePdf(certificate, issuer))).toBe(true);
  });

  it('prints the name alone when there is no logo or the image API fails, and no signature line without a name', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = await certificateIssuer({
      instituteName: 'Ascent',
      logoUrl: `${origin}/broken.svg`,
      certificateSignatory: { name: undefined, title: 'Director of Training' },
    });
    expect(failing).toEqual({ instituteName: 'Ascent' });
    expect(warn).toHaveBeenCalledWith('[certificate] printing without the logo:', 'the image API answered 500');
    warn.mockRestore();
    const none = await certificateIssuer({ instituteName: 'Ascent', certificateSignatory: undefined });
    expect(none).toEqual({ instituteName: 'Ascent' });
    expect(await logoDrawn(await renderCertificatePdf(certificate, none))).toBe(false);

    const nameOnly = await certificateIssuer({
      instituteName: 'Ascent',
      certificateSignatory: { name: 'A. Mwangi', title: undefined },
    });
    expect(nameOnly.signatory).toEqual({ name: 'A. Mwangi', title: '' });
  });
});
