/**
 * The pro-forma invoice of an order as PDF bytes, drawn with pdf-lib (the maintained @pdfme fork,
 * pure JavaScript: the same module runs in Node and, through npm:, in Deno). The standard Helvetica
 * fonts need no font file; they cover Western European text, and anything else is transliterated.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@pdfme/pdf-lib';
import { formatDate } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import { toWinAnsi } from '../../../domain/win-ansi.ts';
import type { OrderDocument } from '../../../domain/order-document.ts';
import { linePriceNote, orderDiscount } from '../../../domain/voucher-discount.ts';
import { describeIntake } from './intake-text.ts';
import type { InstituteSettings } from './site-settings.ts';

export const pageSize: [number, number] = [595.28, 841.89]; // A4 in points
export const margin = 50;
export const ink = rgb(0.1, 0.1, 0.12);
export const muted = rgb(0.4, 0.4, 0.45);
export const accent = rgb(0.06, 0.4, 0.42);

/** WinAnsi (what the standard fonts encode) only: one definition in domain/, shared with the admin's sheets. */
export { toWinAnsi };

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws top to bottom, starting a new page when the next line would not fit (the tax documents' too). */
export class Writer {
  private readonly doc: PDFDocument;
  readonly fonts: Fonts;
  private page: PDFPage;
  y: number;
  constructor(doc: PDFDocument, fonts: Fonts) {
    this.doc = doc;
    this.fonts = fonts;
    this.page = doc.addPage(pageSize);
    this.y = pageSize[1] - margin;
  }

  private room(height: number): void {
    if (this.y - height >= margin) return;
    this.page = this.doc.addPage(pageSize);
    this.y = pageSize[1] - margin;
  }

  /** Lines of at most `width` points, broken at spaces. */
  wrap(text: string, size: number, width: number, font = this.fonts.regular): string[] {
    const lines: string[] = [];
    for (const paragraph of toWinAnsi(text).split('\n')) {
      let current = '';
      for (const word of paragraph.split(' ')) {
        const next = current ? `${current} ${word}` : word;
        if (current && font.widthOfTextAtSize(next, size) > width) {
          lines.push(current);
          current = word;
        } else current = next;
      }
      lines.push(current);
    }
    return lines;
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; x?: number; width?: number; color?: typeof ink } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = options.x ?? margin;
    for (const line of this.wrap(text, size, options.width ?? pageSize[0] - x - margin, font)) {
      this.room(size * 1.4);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: options.color ?? ink });
      this.y -= size * 1.4;
    }
  }

  /** One row of cells at fixed x positions; right-aligned cells end at their x. */
  row(cells: Array<{ text: string; x: number; right?: boolean; bold?: boolean }>, size = 10): void {
    this.room(size * 1.5);
    for (const cell of cells) {
      const font = cell.bold ? this.fonts.bold : this.fonts.regular;
      const text = toWinAnsi(cell.text);
      const x = cell.right ? cell.x - font.widthOfTextAtSize(text, size) : cell.x;
      this.page.drawText(text, { x, y: this.y - size, size, font, color: ink });
    }
    this.y -= size * 1.5;
  }

  rule(): void {
    this.room(8);
    this.page.drawLine({
      start: { x: margin, y: this.y - 4 },
      end: { x: pageSize[0] - margin, y: this.y - 4 },
      thickness: 0.5,
      color: muted,
    });
    this.y -= 10;
  }

  gap(points: number): void {
    this.y -= points;
  }
}

export function instituteLines(settings: InstituteSettings): string[] {
  const { address } = settings;
  return [
    [address.street, address.area].filter(Boolean).join(', '),
    `${address.city}, ${address.country}`,
    `Tel ${settings.phone} | ${settings.email}`,
    ...(settings.payments.kraPin ? [`KRA PIN ${settings.payments.kraPin}`] : []),
  ];
}

export async function renderInvoicePdf(order: OrderDocument, settings: InstituteSettings): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Pro-forma invoice ${order.reference}`);
  doc.setAuthor(toWinAnsi(settings.instituteName));
  doc.setCreationDate(new Date(order.created_at));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const w = new Writer(doc, fonts);

  w.text(settings.instituteName, { size: 20, bold: true, color: accent });
  for (const line of instituteLines(settings)) w.text(line, { size: 9, color: muted });
  w.gap(12);
  w.text('PRO-FORMA INVOICE', { size: 16, bold: true });
  w.text(`Reference: ${order.reference}`, { bold: true });
  w.text(`Date: ${formatDate(order.created_at)}`);
  w.text(`Status: ${order.status_label}`);
  w.text(`Payment: ${order.payment_label}`);
  w.gap(8);

  w.text('Bill to', { bold: true });
  w.text(order.buyer.name);
  if (order.buyer.organisation) w.text(order.buyer.organisation);
  w.text(order.buyer.phone ? `${order.buyer.email} | ${order.buyer.phone}` : order.buyer.email);
  if (order.buyer.po_number) w.text(`Purchase order: ${order.buyer.po_number}`);
  w.gap(10);

  const right = pageSize[0] - margin;
  w.row(
    [
      { text: 'Program and intake', x: margin, bold: true },
      { text: 'Seats', x: 340, right: true, bold: true },
      { text: 'Unit price', x: 440, right: true, bold: true },
      { text: 'Amount', x: right, right: true, bold: true },
    ],
    9,
  );
  w.rule();
  for (const line of order.lines) {
    const titleLines = w.wrap(line.title, 10, 250, fonts.bold);
    w.row([
      { text: titleLines[0] ?? '', x: margin, bold: true },
      { text: String(line.quantity), x: 340, right: true },
      { text: formatMoney(line.unit_price, line.currency, { cents: true }), x: 440, right: true },
      { text: formatMoney(line.line_total, line.currency, { cents: true }), x: right, right: true },
    ]);
    for (const rest of titleLines.slice(1)) w.text(rest, { bold: true, width: 250 });
    const note = linePriceNote(line, order.voucher_code);
    if (note) w.text(note, { size: 9, width: 260 });
    w.text(describeIntake(line.intake), { size: 9, color: muted, width: 260 });
    w.text(`Participants: ${line.participants.map((p) => p.name).join(', ')}`, { size: 9, color: muted });
    w.gap(4);
  }
  w.rule();
  const discount = orderDiscount(order);
  // The code itself is on each discounted line above; the totals below are after the discount.
  if (discount) {
    w.row([
      { text: 'Discount (USD)', x: 300 },
      { text: `-${discount.usd}`, x: right, right: true },
    ]);
    w.row([
      { text: 'Discount (KES)', x: 300 },
      { text: `-${discount.kes}`, x: right, right: true },
    ]);
  }
  w.row([
    { text: 'Total (USD)', x: 300, bold: true },
    { text: formatMoney(order.total_usd, 'USD', { cents: true }), x: right, right: true, bold: true },
  ]);
  w.row([
    { text: 'Total (KES)', x: 300, bold: true },
    { text: formatMoney(order.total_kes, 'KES', { cents: true }), x: right, right: true, bold: true },
  ]);
  w.text(`Exchange rate: 1 USD = ${order.kes_per_usd} KES. Invoiced in ${order.currency}.`, {
    size: 9,
    x: 300,
    color: muted,
  });
  w.gap(14);

  w.text('How to pay', { size: 12, bold: true });
  w.text(`Quote the reference ${order.reference} with your payment.`);
  if (order.payment_choice === 'mpesa_express') {
    w.text(
      'M-Pesa: approve the payment request sent to your phone, or send it again from your order confirmation page.',
    );
  } else if (order.payment_method === 'mpesa') {
    w.text(
      `M-Pesa Paybill: business number ${settings.payments.mpesaPaybill}, account number ${order.reference}. ` +
        'Pay in KES, then enter the M-Pesa confirmation code on your order confirmation page.',
    );
  }
  for (const account of settings.payments.bankAccounts) {
    w.gap(4);
    w.text(`Bank transfer (${account.currency})`, { bold: true });
    w.text(`${account.bankName}, ${account.branch} branch`);
    w.text(`Account name: ${account.accountName}`);
    w.text(`Account number: ${account.accountNumber}${account.swiftCode ? ` | SWIFT: ${account.swiftCode}` : ''}`);
  }
  if (settings.payments.invoiceNote) {
    w.gap(12);
    w.text(settings.payments.invoiceNote, { size: 9, color: muted });
  }
  return doc.save();
}
