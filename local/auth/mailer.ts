/**
 * Auth's own e-mails through the project's SMTP server, as GoTrue sends them with its SMTP
 * settings ([auth.email.smtp] in supabase/config.toml): locally the capture inbox.
 */
import nodemailer from 'nodemailer';
import { renderTemplate, type EmailTemplate, type TemplateData } from './email-template.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  /** The From address (GoTrue's SMTP_ADMIN_EMAIL) and its display name (SMTP_SENDER_NAME). */
  adminEmail: string;
  senderName: string;
}

export interface Mail {
  to: string;
  subject: string;
  /** A plain-text part: GoTrue's default templates have one; the project's own are HTML only, as GoTrue sends them. */
  text?: string;
  html: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

export function smtpMailer(settings: SmtpSettings): SendMail {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.port === 465,
    auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
  });
  const from = settings.senderName ? `"${settings.senderName}" <${settings.adminEmail}>` : settings.adminEmail;
  return async (mail) => {
    await transport.sendMail({ from, ...mail });
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** GoTrue's default e-mail change template ("Confirm Change of Email"), sent to each address that must confirm. */
export function emailChangeMail(to: string, change: { from: string; to: string }, link: string, code: string): Mail {
  const what = `Follow this link to confirm the update of your email from ${change.from} to ${change.to}:`;
  return {
    to,
    subject: 'Confirm Email Change',
    text: `Confirm Change of Email\n\n${what}\n${link}\n\nAlternatively, enter the code: ${code}\n`,
    html:
      `<h2>Confirm Change of Email</h2>\n<p>${escapeHtml(what)}</p>\n` +
      `<p><a href="${escapeHtml(link)}">Change Email</a></p>\n<p>Alternatively, enter the code: ${code}</p>\n`,
  };
}

/**
 * The recovery mail: the project's template ([auth.email.template.recovery]) when configured,
 * else GoTrue's default ("Reset Password", with the link and the one-time code).
 */
export function recoveryMail(data: TemplateData, template: EmailTemplate | undefined): Mail {
  if (template) return { to: data.Email, ...renderTemplate(template, data) };
  const link = data.ConfirmationURL;
  return {
    to: data.Email,
    subject: 'Reset Your Password',
    text: `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${data.Token}\n`,
    html:
      `<h2>Reset Password</h2>\n<p>Follow this link to reset the password for your user:</p>\n` +
      `<p><a href="${escapeHtml(link)}">Reset Password</a></p>\n<p>Alternatively, enter the code: ${data.Token}</p>\n`,
  };
}

/** GoTrue's default invitation ("You have been invited"), with the link that accepts it. */
export function inviteMail(data: TemplateData): Mail {
  const link = data.ConfirmationURL;
  const what = `You have been invited to create a user on ${data.SiteURL}. Follow this link to accept the invite:`;
  return {
    to: data.Email,
    subject: 'You have been invited',
    text: `You have been invited\n\n${what}\n${link}\n`,
    html: `<h2>You have been invited</h2>\n<p>${escapeHtml(what)}</p>\n<p><a href="${escapeHtml(link)}">Accept the invite</a></p>\n`,
  };
}

/**
 * The e-mail OTP sign-in's mail, GoTrue's defaults: "Magic Link" for an account with a confirmed
 * address, "Confirm your email" for a new (or not yet confirmed) one; both carry the link and the code.
 */
export function otpMail(data: TemplateData, newAccount: boolean): Mail {
  const link = data.ConfirmationURL;
  const [subject, heading, what, action] = newAccount
    ? [
        'Confirm Your Email',
        'Confirm your email',
        'Follow this link to confirm your email:',
        'Confirm your email address',
      ]
    : ['Your Magic Link', 'Magic Link', 'Follow this link to login:', 'Log In'];
  return {
    to: data.Email,
    subject,
    text: `${heading}\n\n${what}\n${link}\n\nAlternatively, enter the code: ${data.Token}\n`,
    html:
      `<h2>${heading}</h2>\n<p>${what}</p>\n<p><a href="${escapeHtml(link)}">${action}</a></p>\n` +
      `<p>Alternatively, enter the code: ${data.Token}</p>\n`,
  };
}
