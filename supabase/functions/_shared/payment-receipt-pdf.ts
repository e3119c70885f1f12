/**
 * A payment receipt (public.payment_receipts) as PDF bytes, drawn as the tax documents are
 * (invoice-pdf.ts's Writer): the order, the payer, how it was paid and its reference (M-Pesa's
 * receipt number), the amount in the payment's currency with its KES amount and the order's rate
 * for USD, the date, and the balance left on the order. Not a tax invoice, and it says so.
 */
import { PDFDocument, StandardFonts } from '@pdfme/pdf-lib';
import { formatDate, formatDateTime } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import {
  NOT_A_TAX_INVOICE,
  PAYMENT_METHOD_WORDS,
  paymentReferenceLabel,
  type PaymentReceiptMethod,
} from '../../../domain/payment-receipt.ts';
import { toWinAnsi } from '../../../domain/win-ansi.ts';
import { Writer, accent, instituteLines, margin, muted, pageSize } from './invoice-pdf.ts';
import type { InstituteSettings } from './site-settings.ts';

/** One receipt as public.payment_receipt_json returns it. */
export interface PaymentReceiptData {
  document_number: string;
  issued_at: string;
  paid_at: string;
  order_reference: string;
  order_currency: 'USD' | 'KES';
  order_total: number;
  method: PaymentReceiptMethod;
  reference: string | null;
  currency: 'USD' | 'KES';
  kes_per_usd: number;
  amount: number;
  amount_kes: number;
  balance: number;
  balance_kes: number;
  payer_name: string;
  payer_email: string;
  payer_organisation: string | null;
  payer_phone: string | null;
}

const money = (amount: number, currency: string) => formatMoney(amount, currency, { cents: true });

export async function renderPaymentReceiptPdf(
  receipt: PaymentReceiptData,
  settings: InstituteSettings,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${receipt.document_number}`);
  doc.setAuthor(toWinAnsi(settings.instituteName));
  doc.setCreationDate(new Date(receipt.issued_at));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const w = new Writer(doc, fonts);

  w.text(settings.instituteName, { size: 20, bold: true, color: accent });
  for (const line of instituteLines(settings)) w.text(line, { size: 9, color: muted });
  w.gap(12);
  w.text('RECEIPT', { size: 16, bold: true });
  w.text(`Number: ${receipt.document_number}`, { bold: true });
  w.text(`Date: ${formatDate(receipt.issued_at)}`);
  w.text(`Order: ${receipt.order_reference}`);
  w.gap(8);

  w.text('Received from', { bold: true });
  if (receipt.payer_organisation) w.text(receipt.payer_organisation);
  w.text(receipt.payer_name);
  w.text(receipt.payer_email);
  if (receipt.payer_phone) w.text(`Phone: ${receipt.payer_phone}`);
  w.gap(10);

  const right = pageSize[0] - margin;
  const row = (label: string, value: string, bold = false) =>
    w.row([
      { text: label, x: margin, bold },
      { text: value, x: right, right: true, bold },
    ]);
  row('Payment method', PAYMENT_METHOD_WORDS[receipt.method]);
  row(paymentReferenceLabel(receipt.method), receipt.reference ?? 'not reported');
  row('Paid on', formatDateTime(receipt.paid_at));
  w.rule();
  row(`Amount received (${receipt.currency})`, money(receipt.amount, receipt.currency), true);
  if (receipt.currency !== 'KES') row('Amount received (KES)', money(receipt.amount_kes, 'KES'));
  row(`Order total (${receipt.order_currency})`, money(receipt.order_total, receipt.order_currency));
  row(`Balance left on the order (${receipt.currency})`, money(receipt.balance, receipt.currency), true);
  if (receipt.currency !== 'KES') row('Balance left on the order (KES)', money(receipt.balance_kes, 'KES'));
  if (receipt.currency === 'USD' || receipt.order_currency === 'USD')
    w.text(`Exchange rate of the order: 1 USD = ${receipt.kes_per_usd} KES.`, { size: 9, color: muted });
  w.gap(14);
  w.text(NOT_A_TAX_INVOICE, { size: 9, color: muted });
  w.text(`Issued ${formatDateTime(receipt.issued_at)}.`, { size: 8, color: muted });
  return doc.save();
}
