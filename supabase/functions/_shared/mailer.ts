/**
 * Sends e-mail over SMTP with nodemailer. In Node the bare 'nodemailer' resolves from
 * node_modules; on Deno each function's deno.json maps it to `npm:nodemailer@<exact version>`.
 * Hosted Edge Functions may not open ports 25 or 587: production SMTP must use 465 (TLS) or
 * another port the provider offers (e.g. 2525). Locally SMTP_* point at the mail capture.
 */
import nodemailer from 'nodemailer';
import { getEnv, requireEnv } from './env.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
    await transport.sendMail({ from: requireEnv('MAIL_FROM'), ...mail });
  } finally {
    transport.close();
  }
}
