/**
 * The certificate PDF read back: its text with pdf.js, and its QR code from the page rendered to
 * an image (pdf.js onto @napi-rs/canvas), module by module, against the QR encoding of the
 * certificate's /verify/<code> URL.
 */
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import {
  CERTIFICATE_PAGE,
  QR_BOX,
  qrModules,
  renderCertificatePdf,
  type CertificateDocument,
} from './certificate-pdf.ts';

const certificate: CertificateDocument = {
  holderName: 'Wanjirũ Kamau',
  programTitle: 'Executive Leadership Programme',
  startsOn: '2026-10-05',
  endsOn: '2026-10-09',
  hours: 40,
  issuedAt: '2026-10-10T07:00:00Z',
  printedCode: 'ABCD-EFGH-JKMN',
  verifyUrl: 'https://ascent.example/verify/ABCD-EFGH-JKMN',
};

/** Which modules of the rendered QR code are dark, sampled at each module's centre. */
async function qrModulesOf(bytes: Uint8Array, modules: number): Promise<boolean[][]> {
  const scale = 4;
  const task = getDocument({ data: bytes.slice() });
  const page = await (await task.promise).getPage(1);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(viewport.width, viewport.height);
  const context = canvas.getContext('2d');
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  const pixels = context.getImageData(0, 0, viewport.width, viewport.height);
  await task.destroy();
  const module = (QR_BOX.size / modules) * scale;
  const left = QR_BOX.x * scale;
  const top = (CERTIFICATE_PAGE[1] - QR_BOX.y - QR_BOX.size) * scale;
  return Array.from({ length: modules }, (_, row) =>
    Array.from({ length: modules }, (_, column) => {
      const x = Math.floor(left + (column + 0.5) * module);
      const y = Math.floor(top + (row + 0.5) * module);
      const offset = (y * pixels.width + x) * 4;
      return pixels.data[offset]! < 128;
    }),
  );
}

describe('renderCertificatePdf', () => {
  it('prints the institute, the holder, the program, dates and hours, the issue date, the signatory and the code', async () => {
    const bytes = await renderCertificatePdf(certificate, {
      instituteName: 'Ascent',
      signatory: { name: 'Dr. Amina Odhiambo', title: 'Director of Programmes' },
    });
    const text = await pdfText(bytes);
    for (const expected of [
      'Ascent',
      'Certificate of Completion',
      'Wanjiru Kamau',
      'Executive Leadership Programme',
      '5 Oct 2026 - 9 Oct 2026, 40 hours',
      'Issued 10 Oct 2026',
      'Dr. Amina Odhiambo',
      'Director of Programmes',
      'Code ABCD-EFGH-JKMN',
      'ascent.example/verify/ABCD-EFGH-JKMN',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is one A4 landscape page whose QR code, read back from the rendered page, is the verification URL', async () => {
    const bytes = await renderCertificatePdf(certificate, { instituteName: 'Ascent' });
    const task = getDocument({ data: bytes.slice() });
    const doc = await task.promise;
    expect(doc.numPages).toBe(1);
    const [, , width, height] = (await doc.getPage(1)).view;
    await task.destroy();
    expect([Math.round(width!), Math.round(height!)]).toEqual([842, 595]);

    const wanted = qrModules(certificate.verifyUrl);
    const drawn = await qrModulesOf(bytes, wanted.length);
    expect(drawn).toEqual(wanted);
    // Another code's QR differs: the comparison can fail.
    expect(drawn).not.toEqual(qrModules('https://ascent.example/verify/ABCD-EFGH-JKMP'));
  });
});
