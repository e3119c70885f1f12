/**
 * A printable sign-in sheet for one session day of an intake: A4 portrait, the program, the
 * intake's dates and place, the day, then one row per participant (number, name, organisation)
 * with an empty box to sign in. Drawn with pdf-lib, the library of the invoices, in the browser;
 * loaded only when a sheet is asked for, so no admin page carries it.
 */
import { formatCalendarDate } from '../../lib/staff-time';
import { toWinAnsi } from '../../../../domain/win-ansi.ts';

export interface SignInSheet {
  programTitle: string;
  /** "3 Nov 2026 – 7 Nov 2026 · Nairobi" */
  intakeLine: string;
  day: string;
  participants: { name: string; organisation: string | null }[];
}

const pageSize: [number, number] = [595.28, 841.89];
const margin = 48;
const rowHeight = 30;
/** Column starts: number, name, organisation, signature (to the right margin). */
const columns = { number: margin, name: margin + 28, organisation: margin + 228, signature: margin + 368 };

export async function renderSignInSheet(sheet: SignInSheet): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('@pdfme/pdf-lib');
  const ink = rgb(0.1, 0.1, 0.12);
  const line = rgb(0.55, 0.55, 0.6);
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`Sign-in sheet, ${sheet.programTitle}, ${formatCalendarDate(sheet.day)}`));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  /** Cuts text to the width of its column. */
  const fit = (text: string, width: number, size: number) => {
    let out = toWinAnsi(text);
    while (out.length > 1 && regular.widthOfTextAtSize(out, size) > width) out = out.slice(0, -2) + '.';
    return out;
  };

  let page = doc.addPage(pageSize);
  let y = pageSize[1] - margin;
  const header = (continued: boolean) => {
    page.drawText(toWinAnsi(`Sign-in sheet${continued ? ' (continued)' : ''}`), {
      x: margin,
      y: y - 18,
      size: 18,
      font: bold,
      color: ink,
    });
    y -= 30;
    for (const text of [sheet.programTitle, sheet.intakeLine, `Session day: ${formatCalendarDate(sheet.day)}`]) {
      page.drawText(fit(text, pageSize[0] - 2 * margin, 11), {
        x: margin,
        y: y - 11,
        size: 11,
        font: regular,
        color: ink,
      });
      y -= 16;
    }
    y -= 10;
    for (const [label, x] of [
      ['#', columns.number],
      ['Participant', columns.name],
      ['Organisation', columns.organisation],
      ['Signature', columns.signature],
    ] as const) {
      page.drawText(label, { x, y: y - 10, size: 10, font: bold, color: ink });
    }
    y -= 16;
  };
  header(false);
  sheet.participants.forEach((participant, index) => {
    if (y - rowHeight < margin) {
      page = doc.addPage(pageSize);
      y = pageSize[1] - margin;
      header(true);
    }
    const baseline = y - rowHeight / 2 - 4;
    page.drawText(String(index + 1), { x: columns.number, y: baseline, size: 10, font: regular, color: ink });
    page.drawText(fit(participant.name, columns.organisation - columns.name - 8, 10), {
      x: columns.name,
      y: baseline,
      size: 10,
      font: regular,
      color: ink,
    });
    page.drawText(fit(participant.organisation ?? '', columns.signature - columns.organisation - 8, 10), {
      x: columns.organisation,
      y: baseline,
      size: 10,
      font: regular,
      color: ink,
    });
    page.drawLine({
      start: { x: margin, y: y - rowHeight },
      end: { x: pageSize[0] - margin, y: y - rowHeight },
      thickness: 0.5,
      color: line,
    });
    y -= rowHeight;
  });
  if (sheet.participants.length === 0) {
    page.drawText('No participants on this intake yet.', { x: margin, y: y - 14, size: 10, font: regular, color: ink });
  }
  return doc.save();
}

/** Downloads PDF bytes as `filename`. */
export function downloadPdf(bytes: Uint8Array, filename: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
