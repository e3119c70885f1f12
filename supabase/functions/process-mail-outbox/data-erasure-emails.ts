/**
 * The mail telling a person their erasure request is complete (issue 28): what was erased, and
 * what the institute keeps (paid orders and their invoices, for the tax records) and until when.
 */
import { formatCalendarDate } from '../../../domain/dates.ts';
import type { OutgoingMail } from '../_shared/mailer.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';

export interface DataErasureDocument {
  /** The last day the kept records are held (yyyy-mm-dd), or null when nothing was kept. */
  keptUntil: string | null;
  keptOrders: string[];
}

export function dataErasureEmail(erasure: DataErasureDocument, settings: InstituteSettings): Omit<OutgoingMail, 'to'> {
  const subject = `Your data has been deleted: ${settings.instituteName}`;
  const kept =
    erasure.keptUntil && erasure.keptOrders.length > 0
      ? `We keep the paid orders ${erasure.keptOrders.join(', ')} and their invoices until ${formatCalendarDate(erasure.keptUntil)}, because Kenyan tax law requires records of a sale to be kept for five years; they will be deleted then.`
      : 'We keep nothing else about you.';
  const paragraphs = [
    'Hello,',
    `As you asked, ${settings.instituteName} has deleted or anonymised the personal data it held about this e-mail address: your account, unpaid orders, event registrations, enquiries and newsletter subscription.`,
    kept,
    `This is the last e-mail we send to this address. Questions: reply to this e-mail or call ${settings.phone}.`,
    settings.instituteName,
  ];
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: mailPage(settings, subject, paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')),
    replyTo: settings.email,
  };
}
