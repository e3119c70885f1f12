/**
 * The newsletter's e-mails (HTML and plain text): the double opt-in confirmation link and the
 * welcome once confirmed. Every one carries a one-click unsubscribe: a link to /unsubscribe and
 * the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 2369, RFC 8058) a mail client POSTs to.
 */
import type { OutgoingMail } from '../_shared/mailer.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { renderCampaignBody, type CatalogueBlock } from './campaign-blocks.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';

export interface NewsletterSubscriber {
  email: string;
  token: string;
}

export function newsletterConfirmUrl(siteUrl: string, token: string): string {
  return new URL(`/newsletter/confirm?token=${encodeURIComponent(token)}`, siteUrl).toString();
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return new URL(`/unsubscribe?token=${encodeURIComponent(token)}`, siteUrl).toString();
}

/** The headers that let a mail client unsubscribe with one click (a POST of `List-Unsubscribe=One-Click`). */
export function unsubscribeHeaders(siteUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(siteUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function newsletterConfirmationEmail(
  subscriber: NewsletterSubscriber,
  settings: InstituteSettings,
  siteUrl: string,
): OutgoingMail {
  const name = settings.instituteName;
  const subject = `Confirm your subscription to the ${name} newsletter`;
  const confirm = newsletterConfirmUrl(siteUrl, subscriber.token);
  const leave = unsubscribeUrl(siteUrl, subscriber.token);
  const text = `Please confirm that you want to receive the ${name} newsletter at ${subscriber.email}:

${confirm}

Until you confirm, you are not on the list and will receive nothing more from us.
If you did not sign up, ignore this e-mail, or say no to any further mail: ${leave}

${name}`;
  const html = mailPage(
    settings,
    subject,
    `<h1 style="font-size:1.4em;">Confirm your subscription</h1>
<p>Please confirm that you want to receive the ${escapeHtml(name)} newsletter at ${escapeHtml(subscriber.email)}.</p>
<p><a href="${escapeHtml(confirm)}" style="display:inline-block;padding:10px 16px;background:#0b4f8a;color:#fff;text-decoration:none;border-radius:4px;">Confirm my subscription</a></p>
<p>Until you confirm, you are not on the list and will receive nothing more from us.</p>
<p style="color:#555;">If you did not sign up, ignore this e-mail, or <a href="${escapeHtml(leave)}">unsubscribe</a>.</p>
<p>${escapeHtml(name)}</p>`,
  );
  return { to: subscriber.email, subject, text, html, headers: unsubscribeHeaders(siteUrl, subscriber.token) };
}

export function newsletterWelcomeEmail(
  subscriber: NewsletterSubscriber,
  settings: InstituteSettings,
  siteUrl: string,
): OutgoingMail {
  const name = settings.instituteName;
  const subject = `Welcome to the ${name} newsletter`;
  const leave = unsubscribeUrl(siteUrl, subscriber.token);
  const text = `Thank you for subscribing to the ${name} newsletter.

You will hear from us about new training programmes, upcoming events and news from the institute.
In the meantime, see what is on: ${siteUrl}

Unsubscribe at any time: ${leave}

${name}`;
  const html = mailPage(
    settings,
    subject,
    `<h1 style="font-size:1.4em;">Thank you for subscribing</h1>
<p>You will hear from us about new training programmes, upcoming events and news from the institute.</p>
<p>In the meantime, <a href="${escapeHtml(siteUrl)}">see what is on</a>.</p>
<p style="color:#555;"><a href="${escapeHtml(leave)}">Unsubscribe</a> at any time.</p>
<p>${escapeHtml(name)}</p>`,
  );
  return { to: subscriber.email, subject, text, html, headers: unsubscribeHeaders(siteUrl, subscriber.token) };
}

export interface NewsletterCampaignMail {
  subject: string;
  preheader: string | null;
  /** The text marketing wrote: paragraphs and catalogue block lines, rendered here (escaped). */
  bodyText: string;
  /** The catalogue items its blocks refer to, read when the mail is sent (readCatalogueBlocks). */
  blocks: CatalogueBlock[];
}

/**
 * One campaign mail: the campaign's subject and body (its catalogue blocks as they are now), the
 * preheader as the inbox's hidden preview line, and the same one-click unsubscribe (link and
 * headers) as every newsletter mail.
 */
export function newsletterCampaignEmail(
  campaign: NewsletterCampaignMail,
  subscriber: NewsletterSubscriber,
  settings: InstituteSettings,
  siteUrl: string,
): OutgoingMail {
  const name = settings.instituteName;
  const leave = unsubscribeUrl(siteUrl, subscriber.token);
  const body = renderCampaignBody(campaign.bodyText, campaign.blocks, siteUrl);
  const text = `${campaign.preheader ? `${campaign.preheader}\n\n` : ''}${body.text}

--
You receive this because you subscribed to the ${name} newsletter at ${subscriber.email}.
Unsubscribe with one click: ${leave}`;
  const preview = campaign.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(campaign.preheader)}</div>\n`
    : '';
  const html = mailPage(
    settings,
    campaign.subject,
    `${preview}${body.html}
<hr style="border:0;border-top:1px solid #ccc;margin:24px 0 12px;">
<p style="color:#555;font-size:0.9em;">You receive this because you subscribed to the ${escapeHtml(name)} newsletter at ${escapeHtml(subscriber.email)}. <a href="${escapeHtml(leave)}">Unsubscribe</a> with one click.</p>`,
  );
  return {
    to: subscriber.email,
    subject: campaign.subject,
    text,
    html,
    headers: unsubscribeHeaders(siteUrl, subscriber.token),
  };
}

/**
 * A staff member's test of a campaign, to their own address: the campaign as subscribers will
 * see it, its subject marked [Test]. The unsubscribe link is an example (no subscriber's token),
 * so the test carries no List-Unsubscribe headers.
 */
export function newsletterCampaignTestEmail(
  campaign: NewsletterCampaignMail,
  staffAddress: string,
  settings: InstituteSettings,
  siteUrl: string,
): OutgoingMail {
  const example = newsletterCampaignEmail(campaign, { email: staffAddress, token: 'TEST' }, settings, siteUrl);
  return { to: staffAddress, subject: `[Test] ${campaign.subject}`, text: example.text, html: example.html };
}
