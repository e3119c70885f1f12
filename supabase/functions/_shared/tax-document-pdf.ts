/**
 * A tax invoice or credit note (public.tax_documents) as PDF bytes, drawn as the pro-forma is
 * (invoice-pdf.ts's Writer): the seller's and the buyer's PINs, the lines with their VAT class, the
 * VAT totals in KES (the law's reporting currency) with the order's USD total and rate for USD
 * orders, and eTIMS's control unit data with a QR code of KRA's verification URL, or "Awaiting
 * eTIMS registration" until the document is registered. A credit note names the invoice it credits.
 */
import { PDFDocument, StandardFonts, rgb } from '@pdfme/pdf-lib';
import { formatDate, formatDateTime } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import { TAX_DOCUMENT_KIND_WORDS } from '../../../domain/tax-document.ts';
import { toWinAnsi } from '../../../domain/win-ansi.ts';
import { qrModules } from './certificate-pdf.ts';
import { Writer, accent, instituteLines, margin, muted, pageSize } from './invoice-pdf.ts';
import type { InstituteSettings } from './site-settings.ts';

/** What eTIMS's control unit returned for the sale (etims/client.ts's ControlUnitData). */
export interface ControlUnitReceipt {
  rcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcId?: string;
  mrcNo?: string;
  sdcDateTime?: string;
}

export interface TaxDocumentLine {
  position: number;
  title: string;
  quantity: number;
  unit_price: number;
  currency: string;
  tax_class: string;
  tax_class_label: string;
  rate_basis_points: number;
  gross_kes: number;
  vat_kes: number;
  net_kes: number;
  /** A voucher's discount on the line (issue 30), inside gross_kes already; absent before vouchers. */
  discount_kes?: number;
}

/** One document as public.tax_document_json returns it. */
export interface TaxDocumentData {
  kind: 'tax_invoice' | 'credit_note';
  document_number: string;
  issued_at: string;
  order_reference: string;
  credited_document_number: string | null;
  reason: string | null;
  currency: 'USD' | 'KES';
  kes_per_usd: number;
  total: number;
  gross_kes: number;
  vat_kes: number;
  net_kes: number;
  buyer_name: string;
  buyer_organisation: string | null;
  buyer_kra_pin: string | null;
  buyer_address: string | null;
  etims_status: 'awaiting' | 'registered' | 'failed';
  etims_receipt: ControlUnitReceipt | null;
  lines: TaxDocumentLine[];
}

/** Where the QR code sits on the first page (top right), in points: tests read it back from here. */
export const TAX_QR_BOX = { x: pageSize[0] - margin - 96, y: pageSize[1] - margin - 96, size: 96 };

export const AWAITING_ETIMS = 'Awaiting eTIMS registration';

/**
 * KRA's page for a registered sale: its base (ETIMS_VERIFY_URL, the sandbox's or production's) with
 * the seller's PIN, branch and the receipt's signature, as eTIMS prints in its own QR codes.
 */
export function etimsVerificationUrl(base: string, tin: string, branchId: string, receiptSignature: string): string {
  return `${base}${encodeURIComponent(`${tin}${branchId}${receiptSignature}`)}`;
}

export function taxDocumentTitle(kind: TaxDocumentData['kind']): string {
  return TAX_DOCUMENT_KIND_WORDS[kind];
}

export function taxDocumentFileName(document: Pick<TaxDocumentData, 'kind' | 'document_number'>): string {
  return `${document.document_number}-${document.kind === 'tax_invoice' ? 'tax-invoice' : 'credit-note'}.pdf`;
}

function kes(amount: number): string {
  return formatMoney(amount, 'KES', { cents: true });
}

export async function renderTaxDocumentPdf(
  document: TaxDocumentData,
  settings: InstituteSettings,
  /** KRA's verification URL of the registered sale; null while it is not registered. */
  verificationUrl: string | null,
): Promise<Uint8Array> {
  const title = taxDocumentTitle(document.kind);
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${document.document_number}`);
  doc.setAuthor(toWinAnsi(settings.instituteName));
  doc.setCreationDate(new Date(document.issued_at));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const w = new Writer(doc, fonts);
  const headerWidth = TAX_QR_BOX.x - margin - 12;

  w.text(settings.instituteName, { size: 20, bold: true, color: accent, width: headerWidth });
  for (const line of instituteLines(settings)) w.text(line, { size: 9, color: muted, width: headerWidth });
  w.gap(12);
  w.text(title.toUpperCase(), { size: 16, bold: true, width: headerWidth });
  w.text(`Number: ${document.document_number}`, { bold: true, width: headerWidth });
  w.text(`Date: ${formatDate(document.issued_at)}`, { width: headerWidth });
  w.text(`Order: ${document.order_reference}`);
  if (document.kind === 'credit_note' && document.credited_document_number) {
    w.text(`Credits tax invoice ${document.credited_document_number}`, { bold: true });
    if (document.reason) w.text(`Reason: ${document.reason}`);
  }
  w.gap(8);

  w.text('Buyer', { bold: true });
  if (document.buyer_organisation) w.text(document.buyer_organisation);
  w.text(document.buyer_name);
  if (document.buyer_address) w.text(document.buyer_address);
  w.text(`Buyer KRA PIN: ${document.buyer_kra_pin ?? 'not given'}`);
  w.gap(10);

  const right = pageSize[0] - margin;
  w.row(
    [
      { text: 'Item', x: margin, bold: true },
      { text: 'Qty', x: 280, right: true, bold: true },
      { text: 'Tax class', x: 290, bold: true },
      { text: 'VAT (KES)', x: 460, right: true, bold: true },
      { text: 'Amount (KES)', x: right, right: true, bold: true },
    ],
    9,
  );
  w.rule();
  for (const line of document.lines) {
    const titleLines = w.wrap(line.title, 10, 215, fonts.bold);
    w.row([
      { text: titleLines[0] ?? '', x: margin, bold: true },
      { text: String(line.quantity), x: 280, right: true },
      { text: `${line.tax_class} ${line.tax_class_label}`, x: 290 },
      { text: kes(line.vat_kes), x: 460, right: true },
      { text: kes(line.gross_kes), x: right, right: true },
    ]);
    for (const rest of titleLines.slice(1)) w.text(rest, { bold: true, width: 215 });
    const discount = line.discount_kes ? `, less a voucher discount of ${kes(Math.abs(line.discount_kes))}` : '';
    w.text(`Unit price ${formatMoney(line.unit_price, line.currency, { cents: true })}${discount}`, {
      size: 9,
      color: muted,
    });
    w.gap(2);
  }
  w.rule();
  const total = (label: string, amount: string, bold = false) =>
    w.row([
      { text: label, x: 300, bold },
      { text: amount, x: right, right: true, bold },
    ]);
  total('Amount before VAT', kes(document.net_kes));
  total('VAT', kes(document.vat_kes));
  total('Total (KES)', kes(document.gross_kes), true);
  if (document.currency === 'USD') {
    total('Total (USD)', formatMoney(document.total, 'USD', { cents: true }));
    w.text(`Exchange rate of the order: 1 USD = ${document.kes_per_usd} KES.`, { size: 9, x: 300, color: muted });
  }
  w.gap(14);

  w.text('eTIMS', { size: 12, bold: true });
  const receipt = document.etims_status === 'registered' ? document.etims_receipt : null;
  if (receipt && verificationUrl) {
    const unit = [receipt.sdcId, receipt.rcptNo].filter((part) => part !== undefined && part !== '').join('/');
    w.text(`Control unit invoice number: ${unit}`);
    if (receipt.sdcDateTime) w.text(`Control unit date: ${receipt.sdcDateTime}`);
    w.text(`Receipt signature: ${receipt.rcptSign}`);
    w.text(`Internal data: ${receipt.intrlData}`);
    w.text(`Verify at ${verificationUrl}`, { size: 8, color: muted });
    drawQr(doc, verificationUrl);
  } else {
    w.text(AWAITING_ETIMS, { bold: true });
    w.text('The control unit data and QR code appear on this document once KRA has registered it.', {
      size: 9,
      color: muted,
    });
  }
  w.gap(8);
  w.text(`Issued ${formatDateTime(document.issued_at)}.`, { size: 8, color: muted });
  return doc.save();
}

/** One square per dark module on the first page (y grows upwards: row 0 is the top). */
function drawQr(doc: PDFDocument, url: string): void {
  const page = doc.getPage(0);
  const modules = qrModules(url);
  const cell = TAX_QR_BOX.size / modules.length;
  modules.forEach((row, rowIndex) =>
    row.forEach((dark, column) => {
      if (!dark) return;
      page.drawRectangle({
        x: TAX_QR_BOX.x + column * cell,
        y: TAX_QR_BOX.y + TAX_QR_BOX.size - (rowIndex + 1) * cell,
        width: cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }),
  );
}
