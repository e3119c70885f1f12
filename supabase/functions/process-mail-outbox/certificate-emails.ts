/**
 * The certificate e-mail (HTML and plain text) with the certificate's PDF attached: to the
 * participant, or to the buyer for them when the checkout gave no e-mail for the participant.
 */
import { formatCalendarDate } from '../../../domain/dates.ts';
import type { CertificateDocument } from '../_shared/certificate-pdf.ts';
import { certificateFileName } from '../_shared/certificate-pdf.ts';
import type { OutgoingMail } from '../_shared/mailer.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';

export interface CertificateMail {
  certificate: CertificateDocument;
  /** True when the mail goes to the buyer, who passes it on. */
  toBuyer: boolean;
  buyerName: string;
}

export function certificateEmail(
  { certificate, toBuyer, buyerName }: CertificateMail,
  settings: InstituteSettings,
  pdf: Uint8Array,
): Omit<OutgoingMail, 'to'> {
  const subject = toBuyer
    ? `Certificate for ${certificate.holderName}: ${certificate.programTitle}`
    : `Your certificate: ${certificate.programTitle}`;
  const dates = `${formatCalendarDate(certificate.startsOn)} to ${formatCalendarDate(certificate.endsOn)}`;
  const paragraphs = [
    toBuyer ? `Dear ${buyerName},` : `Dear ${certificate.holderName},`,
    toBuyer
      ? `${certificate.holderName} completed ${certificate.programTitle} (${dates}). Their certificate is attached: please pass it on.`
      : `Congratulations on completing ${certificate.programTitle} (${dates}). Your certificate is attached.`,
    `Certificate code: ${certificate.printedCode}. Anyone can check it at ${certificate.verifyUrl}.`,
    settings.instituteName,
  ];
  const html = mailPage(
    settings,
    subject,
    [
      ...paragraphs.slice(0, 2).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p>Certificate code: <strong>${escapeHtml(certificate.printedCode)}</strong>. Anyone can check it at <a href="${escapeHtml(certificate.verifyUrl)}">${escapeHtml(certificate.verifyUrl)}</a>.</p>`,
      `<p>${escapeHtml(settings.instituteName)}</p>`,
    ].join('\n'),
  );
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html,
    replyTo: settings.email,
    attachments: [{ filename: certificateFileName(certificate), contentType: 'application/pdf', content: pdf }],
  };
}
