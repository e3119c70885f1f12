/**
 * A certificate as PDF bytes: A4 landscape, the institute's logo and name, the holder, the program, its
 * dates and hours, the issue date, the signatory when one is set, and a QR code to
 * /verify/<code> with the code printed beneath. pdf-lib (as the invoices) with the standard
 * fonts; the QR code's modules come from `qrcode` and are drawn as squares.
 * The mail worker attaches it to the certificate e-mail; staff download it (certificate-pdf function).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@pdfme/pdf-lib';
import QRCode from 'qrcode';
import { certificateVerifyUrl, formatCertificateCode } from '../../../domain/certificate-code.ts';
import { formatCalendarDate, formatDate } from '../../../domain/dates.ts';
import { toWinAnsi } from '../../../domain/win-ansi.ts';

export interface CertificateDocument {
  holderName: string;
  programTitle: string;
  startsOn: string;
  endsOn: string;
  hours: number | null;
  issuedAt: string;
  /** As printed: ABCD-EFGH-JKMN. */
  printedCode: string;
  verifyUrl: string;
}

/** A certificate as the database holds it (public.certificates, certificate_mail_document). */
export interface CertificateRow {
  code: string;
  holder_name: string;
  program_title: string;
  starts_on: string;
  ends_on: string;
  hours: number | null;
  issued_at: string;
}

export function certificateDocument(row: CertificateRow, siteUrl: string): CertificateDocument {
  return {
    holderName: row.holder_name,
    programTitle: row.program_title,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    hours: row.hours,
    issuedAt: row.issued_at,
    printedCode: formatCertificateCode(row.code),
    verifyUrl: certificateVerifyUrl(siteUrl, row.code),
  };
}

/** The PDF's file name: the code says which certificate, the name whose. */
export function certificateFileName(document: CertificateDocument): string {
  return `certificate-${document.printedCode}.pdf`;
}

export interface CertificateIssuer {
  instituteName: string;
  signatory?: { name: string; title: string };
  /** The institute's logo as PNG bytes (certificate-issuer.ts fetches it from the CMS). */
  logoPng?: Uint8Array;
}

/** Where the logo sits (top left, inside the border) and how tall it is, in points. */
export const LOGO_BOX = { x: 60, y: 595.28 - 60 - 56, height: 56, maxWidth: 180 };

export const CERTIFICATE_PAGE: [number, number] = [841.89, 595.28]; // A4 landscape, points
/** Where the QR code sits (bottom right) and its size, in points: tests read it back from here. */
export const QR_BOX = { x: 841.89 - 60 - 120, y: 80, size: 120 };

const ink = rgb(0.1, 0.1, 0.12);
const muted = rgb(0.4, 0.4, 0.45);
const accent = rgb(0.06, 0.4, 0.42);

function centred(page: PDFPage, text: string, y: number, size: number, font: PDFFont, color = ink) {
  const line = toWinAnsi(text);
  let fontSize = size;
  // A long name or title shrinks to fit between the margins rather than running off the page.
  while (fontSize > 10 && font.widthOfTextAtSize(line, fontSize) > CERTIFICATE_PAGE[0] - 140) fontSize -= 1;
  const width = font.widthOfTextAtSize(line, fontSize);
  page.drawText(line, { x: (CERTIFICATE_PAGE[0] - width) / 2, y, size: fontSize, font, color });
}

/** The QR code of `url`: its dark modules, row by row from the top. */
export function qrModules(url: string): boolean[][] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))),
  );
}

export async function renderCertificatePdf(
  certificate: CertificateDocument,
  issuer: CertificateIssuer,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`Certificate ${certificate.printedCode}: ${certificate.holderName}`));
  doc.setAuthor(toWinAnsi(issuer.instituteName));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(CERTIFICATE_PAGE);
  const [width, height] = CERTIFICATE_PAGE;

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: accent, borderWidth: 2 });
  if (issuer.logoPng) {
    const logo = await doc.embedPng(issuer.logoPng);
    const scale = Math.min(LOGO_BOX.height / logo.height, LOGO_BOX.maxWidth / logo.width);
    const size = { width: logo.width * scale, height: logo.height * scale };
    page.drawImage(logo, { x: LOGO_BOX.x, y: LOGO_BOX.y + LOGO_BOX.height - size.height, ...size });
  }
  centred(page, issuer.instituteName, height - 90, 26, bold, accent);
  centred(page, 'Certificate of Completion', height - 140, 22, regular);
  centred(page, 'This certifies that', height - 190, 13, regular, muted);
  centred(page, certificate.holderName, height - 235, 32, bold);
  centred(page, 'has completed', height - 275, 13, regular, muted);
  centred(page, certificate.programTitle, height - 315, 22, bold);
  const dates = `${formatCalendarDate(certificate.startsOn)} - ${formatCalendarDate(certificate.endsOn)}`;
  centred(page, certificate.hours ? `${dates}, ${certificate.hours} hours` : dates, height - 345, 13, regular);

  page.drawText(toWinAnsi(`Issued ${formatDate(certificate.issuedAt)}`), {
    x: 70,
    y: 150,
    size: 12,
    font: regular,
    color: ink,
  });
  if (issuer.signatory) {
    page.drawLine({ start: { x: 70, y: 110 }, end: { x: 290, y: 110 }, thickness: 0.8, color: ink });
    page.drawText(toWinAnsi(issuer.signatory.name), { x: 70, y: 94, size: 12, font: bold, color: ink });
    page.drawText(toWinAnsi(issuer.signatory.title), { x: 70, y: 79, size: 11, font: regular, color: muted });
  }

  // One square per dark module, in PDF coordinates (y grows upwards: row 0 is the top).
  const modules = qrModules(certificate.verifyUrl);
  const cell = QR_BOX.size / modules.length;
  modules.forEach((row, rowIndex) =>
    row.forEach((dark, column) => {
      if (!dark) return;
      page.drawRectangle({
        x: QR_BOX.x + column * cell,
        y: QR_BOX.y + QR_BOX.size - (rowIndex + 1) * cell,
        width: cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }),
  );
  const caption = [`Code ${certificate.printedCode}`, 'Verify at', certificate.verifyUrl.replace(/^https?:\/\//, '')];
  caption.forEach((line, index) => {
    const size = index === 0 ? 11 : 8;
    const text = toWinAnsi(line);
    const lineWidth = (index === 0 ? bold : regular).widthOfTextAtSize(text, size);
    page.drawText(text, {
      x: QR_BOX.x + QR_BOX.size - lineWidth,
      y: QR_BOX.y - 16 - index * 11,
      size,
      font: index === 0 ? bold : regular,
      color: index === 0 ? ink : muted,
    });
  });
  return doc.save();
}
