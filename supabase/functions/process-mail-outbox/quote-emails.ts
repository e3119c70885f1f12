/**
 * A quote e-mailed to its contact (HTML and plain text) with the quote attached as a PDF and the
 * link where the organisation accepts it (and later names its participants).
 */
import { formatCalendarDate } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { QuoteDocument } from '../../../domain/quote-document.ts';
import type { OutgoingMail } from '../_shared/mailer.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';

export function quoteEmail(
  quote: QuoteDocument,
  settings: InstituteSettings,
  acceptUrl: string,
  pdf: Uint8Array,
): Omit<OutgoingMail, 'to'> {
  const subject = `Quote ${quote.reference} from ${settings.instituteName} for ${quote.organisation}`;
  const total = formatMoney(quote.total, quote.currency, { cents: true });
  const lines = [
    `Dear ${quote.contact_name},`,
    `Please find attached our quote ${quote.reference} for ${quote.organisation}: ${total} in all, valid until ${formatCalendarDate(quote.valid_until)}.`,
    'To accept it, open the link below and enter your purchase-order number. You may name the participants then or later, from the same link.',
  ];
  const html = mailPage(
    settings,
    subject,
    [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(acceptUrl)}">View and accept the quote</a>: ${escapeHtml(acceptUrl)}</p>`,
      `<p>${escapeHtml(settings.instituteName)}</p>`,
    ].join('\n'),
  );
  return {
    subject,
    text: [...lines, `View and accept the quote: ${acceptUrl}`, settings.instituteName].join('\n\n'),
    html,
    replyTo: settings.bookingsEmail,
    attachments: [{ filename: `${quote.reference}-quote.pdf`, contentType: 'application/pdf', content: pdf }],
  };
}
