/** The welcome e-mail a new newsletter subscriber receives (plain text and HTML). */
import type { OutgoingMail } from '../_shared/mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function welcomeEmail(to: string, siteUrl: string | undefined): OutgoingMail {
  const subject = 'Welcome to the Ascent newsletter';
  const visit = siteUrl ? `\n\nIn the meantime, see what is on: ${siteUrl}` : '';
  const text = `Thank you for subscribing to the Ascent newsletter.

You will hear from us about new training programmes, upcoming events and news from the institute.${visit}

If you did not sign up, ignore this e-mail or reply to let us know.

Ascent`;
  const link = siteUrl ? `<p>In the meantime, <a href="${escapeHtml(siteUrl)}">see what is on</a>.</p>` : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111;">
<h1 style="font-size: 1.4em;">Thank you for subscribing</h1>
<p>You will hear from us about new training programmes, upcoming events and news from the institute.</p>
${link}
<p>If you did not sign up, ignore this e-mail or reply to let us know.</p>
<p>Ascent</p>
</body></html>`;
  return { to, subject, text, html };
}
