/**
 * A quote (public.quote_mail_document) as PDF bytes, drawn as the tax documents are
 * (invoice-pdf.ts's Writer): the organisation, each line's program, intake, seats, unit price,
 * discount and total, the quote's total, until when it is valid, its terms, and the link where
 * the organisation accepts it with its purchase-order number.
 */
import { PDFDocument, StandardFonts } from '@pdfme/pdf-lib';
import { formatCalendarDate, formatDate } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { QuoteDocument } from '../../../domain/quote-document.ts';
import { toWinAnsi } from '../../../domain/win-ansi.ts';
import { Writer, accent, instituteLines, margin, muted, pageSize } from './invoice-pdf.ts';
import { describeIntake } from './intake-text.ts';
import type { InstituteSettings } from './site-settings.ts';

export type QuotePdfData = QuoteDocument & { sent_at: string | null };

export async function renderQuotePdf(
  quote: QuotePdfData,
  settings: InstituteSettings,
  acceptUrl: string,
): Promise<Uint8Array> {
  const money = (amount: number) => formatMoney(amount, quote.currency, { cents: true });
  const doc = await PDFDocument.create();
  doc.setTitle(`Quote ${quote.reference}`);
  doc.setAuthor(toWinAnsi(settings.instituteName));
  if (quote.sent_at) doc.setCreationDate(new Date(quote.sent_at));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const w = new Writer(doc, fonts);

  w.text(settings.instituteName, { size: 20, bold: true, color: accent });
  for (const line of instituteLines(settings)) w.text(line, { size: 9, color: muted });
  w.gap(12);
  w.text('QUOTE', { size: 16, bold: true });
  w.text(`Number: ${quote.reference}`, { bold: true });
  if (quote.sent_at) w.text(`Date: ${formatDate(quote.sent_at)}`);
  w.text(`Valid until: ${formatCalendarDate(quote.valid_until)}`, { bold: true });
  w.gap(8);

  w.text('For', { bold: true });
  w.text(quote.organisation);
  w.text(`${quote.contact_name}, ${quote.contact_email}`);
  if (quote.buyer_kra_pin) w.text(`KRA PIN: ${quote.buyer_kra_pin}`);
  w.gap(10);

  const right = pageSize[0] - margin;
  w.row([
    { text: 'Program', x: margin, bold: true },
    { text: 'Seats', x: 330, right: true, bold: true },
    { text: 'Unit price', x: 420, right: true, bold: true },
    { text: 'Total', x: right, right: true, bold: true },
  ]);
  w.rule();
  for (const line of quote.lines) {
    w.row([
      { text: line.title, x: margin },
      { text: String(line.seats), x: 330, right: true },
      { text: money(line.unit_price), x: 420, right: true },
      { text: money(line.unit_price * line.seats), x: right, right: true },
    ]);
    w.text(describeIntake(line.intake), { size: 9, color: muted });
    if (line.discount_amount > 0)
      w.row([
        { text: 'Discount', x: margin + 10 },
        { text: `-${money(line.discount_amount)}`, x: right, right: true },
      ]);
  }
  w.rule();
  w.row([
    { text: `Total (${quote.currency})`, x: margin, bold: true },
    { text: money(quote.total), x: right, right: true, bold: true },
  ]);
  w.gap(12);
  if (quote.terms) {
    w.text('Terms', { bold: true });
    w.text(quote.terms, { size: 9 });
    w.gap(8);
  }
  w.text(
    `Seats are held for ${quote.hold_days} days once the quote is accepted. Participants may be named when accepting or later, until ${quote.names_cutoff_days} days before each intake starts.`,
    { size: 9 },
  );
  w.gap(8);
  w.text('Accept this quote online with your purchase-order number:', { bold: true });
  w.text(acceptUrl, { size: 9, color: accent });
  return doc.save();
}
