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
  /** Extra header fields, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Set on a send's error: whether the server had agreed to take the message (354) before it failed. */
export interface SendFailure {
  transferStarted?: boolean;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const port = Number(requireEnv('SMTP_PORT'));
  const user = getEnv('SMTP_USER');
  // nodemailer's errors do not say whether the message itself had gone out (a connection that
  // drops after the body was sent is reported like one that never opened), so watch the
  // dialogue: once the server answered DATA with 354, the message may have been delivered.
  let transferStarted = false;
  const quiet = () => {};
  const logger = {
    trace: quiet,
    info: quiet,
    warn: quiet,
    error: quiet,
    fatal: quiet,
    debug: (entry: { tnx?: string } | undefined, message: unknown) => {
      if (entry?.tnx === 'server' && typeof message === 'string' && /^354\b/.test(message)) transferStarted = true;
    },
  };
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
    logger,
    debug: true,
  });
  try {
    const { attachments, messageId, ...rest } = mail;
    await transport.sendMail({
      from: requireEnv('MAIL_FROM'),
      ...rest,
      ...(messageId ? { messageId: `<${messageId}>` } : {}),
      attachments: attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })),
    });
  } catch (error) {
    if (typeof error === 'object' && error !== null) Object.assign(error, { transferStarted } satisfies SendFailure);
    throw error;
  } finally {
    transport.close();
  }
}

/**
 * Whether a failed send of sendMail certainly delivered nothing: it failed before the server
 * agreed to take the message (354), or the server answered the message with an error code.
 * Otherwise (the connection broke while or after the message was transferred) the server may
 * have accepted it, and the caller must not retry blindly.
 */
export function certainlyNotSent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return true;
  const { responseCode, transferStarted } = error as SendFailure & { responseCode?: unknown };
  if (typeof responseCode === 'number') return true;
  return transferStarted !== true;
}

/**
 * The SMTP reply code when the server refused the mail for good (5xx: no such mailbox or domain,
 * refused as spam): retrying will not help, the address is a hard bounce. Null for a failure that
 * may pass (4xx, a connection problem) or may have delivered.
 */
export function permanentRefusalCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { responseCode } = error as { responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode <= 599 ? responseCode : null;
}

/** The domain of MAIL_FROM ('Ascent <no-reply@ascent.example>' -> 'ascent.example'), for Message-IDs. */
export function senderDomain(): string {
  return /@([^>\s]+)/.exec(requireEnv('MAIL_FROM'))?.[1] ?? 'localhost';
}
