/**
 * The registered tax invoice or credit note e-mailed to the buyer (HTML and plain text) with its PDF
 * attached: a buyer's finance team files the attachment with its VAT claim, and it carries eTIMS's
 * control unit number and QR code. The mail also links the order's page, where the documents stay
 * downloadable.
 */
import { formatMoney } from '../../../domain/money.ts';
import type { OutgoingMail } from '../_shared/mailer.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { taxDocumentFileName, taxDocumentTitle, type TaxDocumentData } from '../_shared/tax-document-pdf.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';
import { confirmationUrl } from './order-emails.ts';

export interface TaxDocumentMail {
  document: TaxDocumentData;
  orderToken: string;
}

export function taxDocumentSubject(
  document: Pick<TaxDocumentData, 'kind' | 'document_number' | 'order_reference'>,
  institute: string,
): string {
  return `${taxDocumentTitle(document.kind)} ${document.document_number} for your ${institute} order ${document.order_reference}`;
}

export function taxDocumentEmail(
  { document, orderToken }: TaxDocumentMail,
  settings: InstituteSettings,
  siteUrl: string,
  pdf: Uint8Array,
): Omit<OutgoingMail, 'to'> {
  const subject = taxDocumentSubject(document, settings.instituteName);
  // A credit note's amounts are negative; its words say "credits ... by" the amount.
  const total = formatMoney(Math.abs(document.gross_kes), 'KES', { cents: true });
  const vat = formatMoney(Math.abs(document.vat_kes), 'KES', { cents: true });
  const receipt = document.etims_receipt;
  const orderUrl = confirmationUrl(siteUrl, orderToken);
  const paragraphs = [
    `Dear ${document.buyer_name},`,
    document.kind === 'tax_invoice'
      ? `Your tax invoice ${document.document_number} for order ${document.order_reference} is attached: ${total}, of which VAT ${vat}.`
      : `Credit note ${document.document_number} for order ${document.order_reference} is attached: it credits tax invoice ${document.credited_document_number ?? ''} by ${total}, of which VAT ${vat}.`,
    receipt
      ? `It is registered with KRA's eTIMS: control unit receipt ${receipt.sdcId ? `${receipt.sdcId}/` : ''}${receipt.rcptNo}.`
      : '',
    `Your order and its documents: ${orderUrl}`,
    settings.instituteName,
  ].filter((paragraph) => paragraph !== '');
  const html = mailPage(
    settings,
    subject,
    [
      ...paragraphs.slice(0, -2).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p>Your order and its documents: <a href="${escapeHtml(orderUrl)}">${escapeHtml(orderUrl)}</a></p>`,
      `<p>${escapeHtml(settings.instituteName)}</p>`,
    ].join('\n'),
  );
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html,
    replyTo: settings.email,
    attachments: [{ filename: taxDocumentFileName(document), contentType: 'application/pdf', content: pdf }],
  };
}
