/**
 * Sends e-mail over SMTP with nodemailer. In Node the bare 'nodemailer' resolves from
 * node_modules; on Deno each function's deno.json maps it to `npm:nodemailer@<exact version>`.
 * Hosted Edge Functions may not open ports 25 or 587: production SMTP must use 465 (TLS) or
 * another port the provider offers (e.g. 2525). Locally SMTP_* point at the mail capture.
 */
import { Buffer } from 'node:buffer';
import nodemailer from 'nodemailer';
import { getEnv, requireEnv } from './env.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** A fixed Message-ID (without <>), so a resent message is recognisably the same one. */
  messageId?: string;
  replyTo?: string;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const port = Number(requireEnv('SMTP_PORT'));
  const user = getEnv('SMTP_USER');
  const transport = nodemailer.createTransport({
    host: requireEnv('SMTP_HOST'),
    port,
    // 465 speaks TLS from the first byte; other ports upgrade with STARTTLS when the server offers it.
    secure: port === 465,
    auth: user ? { user, pass: getEnv('SMTP_PASS') ?? '' } : undefined,
    // nodemailer waits minutes by default; a function call should fail within seconds instead.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    const { attachments, messageId, ...rest } = mail;
    await transport.sendMail({
      from: requireEnv('MAIL_FROM'),
      ...rest,
      ...(messageId ? { messageId: `<${messageId}>` } : {}),
      attachments: attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })),
    });
  } finally {
    transport.close();
  }
}

/**
 * Whether a failed send certainly delivered nothing: the server could not be reached, refused
 * the login, or answered the message with an error code. Anything else (the connection broke
 * while or after the message was transferred) may have been accepted: the caller must not retry
 * blindly. nodemailer marks failures with `code`, `command` and, for server replies, `responseCode`.
 */
export function certainlyNotSent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, command, responseCode } = error as { code?: unknown; command?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return true;
  if (command === 'CONN') return true;
  return typeof code === 'string' && ['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS', 'EENVELOPE', 'EMESSAGE'].includes(code);
}

/** The domain of MAIL_FROM ('Ascent <no-reply@ascent.example>' -> 'ascent.example'), for Message-IDs. */
export function senderDomain(): string {
  return /@([^>\s]+)/.exec(requireEnv('MAIL_FROM'))?.[1] ?? 'localhost';
}
