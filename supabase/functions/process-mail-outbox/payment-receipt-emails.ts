/**
 * The receipt of a payment e-mailed to the payer (HTML and plain text) with its PDF attached, and
 * a link to the order's page, where the receipt stays downloadable.
 */
import { formatMoney } from '../../../domain/money.ts';
import { NOT_A_TAX_INVOICE, paymentReceiptFileName } from '../../../domain/payment-receipt.ts';
import type { OutgoingMail } from '../_shared/mailer.ts';
import type { PaymentReceiptData } from '../_shared/payment-receipt-pdf.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';
import { confirmationUrl } from './order-emails.ts';

export function paymentReceiptSubject(
  receipt: Pick<PaymentReceiptData, 'document_number' | 'order_reference'>,
  institute: string,
): string {
  return `Receipt ${receipt.document_number} for your payment on ${institute} order ${receipt.order_reference}`;
}

export function paymentReceiptEmail(
  { receipt, orderToken }: { receipt: PaymentReceiptData; orderToken: string },
  settings: InstituteSettings,
  siteUrl: string,
  pdf: Uint8Array,
): Omit<OutgoingMail, 'to'> {
  const subject = paymentReceiptSubject(receipt, settings.instituteName);
  const amount = formatMoney(receipt.amount, receipt.currency, { cents: true });
  const balance = formatMoney(receipt.balance, receipt.currency, { cents: true });
  const orderUrl = confirmationUrl(siteUrl, orderToken);
  const lines = [
    `Dear ${receipt.payer_name},`,
    `Thank you: we received ${amount} for order ${receipt.order_reference}${receipt.reference ? ` (reference ${receipt.reference})` : ''}. Your receipt ${receipt.document_number} is attached. Balance left on the order: ${balance}.`,
    NOT_A_TAX_INVOICE,
  ];
  const html = mailPage(
    settings,
    subject,
    [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p>Your order and its documents: <a href="${escapeHtml(orderUrl)}">${escapeHtml(orderUrl)}</a></p>`,
      `<p>${escapeHtml(settings.instituteName)}</p>`,
    ].join('\n'),
  );
  return {
    subject,
    text: [...lines, `Your order and its documents: ${orderUrl}`, settings.instituteName].join('\n\n'),
    html,
    replyTo: settings.email,
    attachments: [
      { filename: paymentReceiptFileName(receipt.document_number), contentType: 'application/pdf', content: pdf },
    ],
  };
}
