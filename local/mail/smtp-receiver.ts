/** The capture's SMTP side: accepts any mail on loopback (no TLS, any or no login) and parses it; refuses recipients at .invalid domains (550). */
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { PortInUseError } from '../http/serve.ts';
import type { NewMessage } from './message-store.ts';

export interface SmtpReceiver {
  port: number;
  stop(): Promise<void>;
}

/** Large enough for any real newsletter with images, small enough to refuse runaway input. */
const maxMessageBytes = 25 * 1024 * 1024;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) => o.value.flatMap((a) => (a.address ? [a.address] : [])));
}

const maxTextAttachment = 64 * 1024;

/** A header's value on one line (RFC 5322 unfolding: a line break before white space goes). */
function unfold(value: string): string {
  return value.replace(/\r?\n(?=[ \t])/g, '').trim();
}

/** `Name <address>` without mailparser's quoting, the way people read a From line. */
function sender(field: AddressObject | undefined): string {
  return (field?.value ?? []).map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? ''))).join(', ');
}

function envelopeAddress(address: SMTPServerAddress | false): string | null {
  return address ? address.address : null;
}

export function toNewMessage(parsed: ParsedMail, envelope: NewMessage['envelope'], size: number): NewMessage {
  return {
    envelope,
    from: sender(parsed.from),
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: parsed.subject ?? '',
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null,
    messageId: parsed.messageId ?? null,
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    headers: Object.fromEntries(
      parsed.headerLines.map((h) => [h.key, unfold(h.line.slice(h.line.indexOf(':') + 1))] as const),
    ),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
      // Enough for an .ics to be read back in tests; binary files (PDFs) stay sizes only.
      text: a.contentType.startsWith('text/') && a.size <= maxTextAttachment ? a.content.toString('utf8') : null,
    })),
    size,
  };
}

export async function startSmtpReceiver(options: {
  port: number;
  host: string;
  onMessage: (message: NewMessage, contents: Uint8Array[]) => void;
}): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    // Local capture only: no STARTTLS to negotiate, and AUTH accepted but not required, so a
    // project with SMTP_USER/SMTP_PASS set still delivers here unchanged.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'capture' }),
    size: maxMessageBytes,
    logger: false,
    // Loopback clients have no useful reverse DNS; the lookup only adds latency to every message.
    disableReverseLookup: true,
    // Stopping the stack should not wait 30 s (the default) for an idle client to hang up.
    closeTimeout: 1000,
    banner: 'Ascent local mail capture',
    // A real relay refuses a domain that cannot exist: addresses at .invalid (RFC 2606) are how
    // tests make a hard bounce, as a provider's 550 for an unknown mailbox or domain would.
    onRcptTo(address, _session, callback) {
      if (/\.invalid$/i.test(address.address))
        callback(Object.assign(new Error('5.1.2 Host or domain name not found'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      // The parser sees at most maxMessageBytes: past that the rest is read and dropped (a client
      // that never declared SIZE could otherwise make the parser hold 300 MB), then refused.
      const input = new PassThrough();
      let size = 0;
      let over = false;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (over) return;
        if (size > maxMessageBytes) {
          over = true;
          input.destroy();
          return;
        }
        input.write(chunk);
      });
      stream.once('end', () => {
        if (over) callback(Object.assign(new Error('Message exceeds the fixed size limit'), { responseCode: 552 }));
        else input.end();
      });
      simpleParser(input)
        .then((parsed) => {
          if (over) return;
          const envelope = {
            from: envelopeAddress(session.envelope.mailFrom),
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          options.onMessage(
            toNewMessage(parsed, envelope, size),
            parsed.attachments.map((a) => new Uint8Array(a.content)),
          );
          callback();
        })
        .catch((error: unknown) => {
          if (over) return;
          console.error('[mail] could not parse a message:', error);
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  server.on('error', (error) => console.error('[mail] SMTP error:', error));
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port, 'mail capture SMTP') : error);
    server.server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
