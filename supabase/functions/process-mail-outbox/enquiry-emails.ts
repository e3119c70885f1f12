/** The enquiry e-mails (HTML and plain text): to the team for the topic (CMS site settings), and the sender's confirmation. */
import type { OutgoingMail } from '../_shared/mailer.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';

export interface EnquiryDocument {
  name: string;
  email: string;
  phone: string | null;
  organisation: string | null;
  topic: 'training' | 'advisory' | 'technology' | 'insurance' | 'other';
  message: string;
}

export const topicNames: Record<EnquiryDocument['topic'], string> = {
  training: 'Training',
  advisory: 'Advisory',
  technology: 'Technology',
  insurance: 'Insurance',
  other: 'Other',
};

/** The team address for the topic; the institute's general address when the CMS names none. */
export function enquiryRecipient(topic: EnquiryDocument['topic'], settings: InstituteSettings): string {
  return settings.enquiryEmails[topic] ?? settings.email;
}

function page(settings: InstituteSettings, title: string, paragraphs: string[]): string {
  return mailPage(settings, title, paragraphs.join('\n'));
}

function details(enquiry: EnquiryDocument): string[] {
  return [
    `From: ${enquiry.name} <${enquiry.email}>`,
    ...(enquiry.phone ? [`Phone: ${enquiry.phone}`] : []),
    ...(enquiry.organisation ? [`Organisation: ${enquiry.organisation}`] : []),
    `Topic: ${topicNames[enquiry.topic]}`,
  ];
}

export function enquiryNotificationEmail(enquiry: EnquiryDocument, settings: InstituteSettings): OutgoingMail {
  const subject = `New ${topicNames[enquiry.topic].toLowerCase()} enquiry from ${enquiry.name}`;
  const text = `${details(enquiry).join('\n')}\n\n${enquiry.message}`;
  const html = page(settings, subject, [
    `<h1 style="font-size:1.3em;">${escapeHtml(subject)}</h1>`,
    ...details(enquiry).map((line) => `<p style="margin:0;">${escapeHtml(line)}</p>`),
    `<p style="white-space:pre-wrap;">${escapeHtml(enquiry.message)}</p>`,
  ]);
  return { to: enquiryRecipient(enquiry.topic, settings), subject, text, html, replyTo: enquiry.email };
}

export function enquiryReceiptEmail(enquiry: EnquiryDocument, settings: InstituteSettings): OutgoingMail {
  const subject = `Thank you for contacting ${settings.instituteName}`;
  const lead = `Thank you for contacting ${settings.instituteName}. Our ${topicNames[enquiry.topic].toLowerCase()} team will reply within two working days.`;
  const text = `Dear ${enquiry.name},\n\n${lead}\n\nYour message:\n\n${enquiry.message}\n\nUrgent? Call ${settings.phone}.\n\n${settings.instituteName}`;
  const html = page(settings, subject, [
    `<p>Dear ${escapeHtml(enquiry.name)},</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p>Your message:</p>`,
    `<blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:12px;">${escapeHtml(enquiry.message)}</blockquote>`,
    `<p>Urgent? Call ${escapeHtml(settings.phone)}.</p>`,
    `<p>${escapeHtml(settings.instituteName)}</p>`,
  ]);
  return { to: enquiry.email, subject, text, html, replyTo: enquiryRecipient(enquiry.topic, settings) };
}
