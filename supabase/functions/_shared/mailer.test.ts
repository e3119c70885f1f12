/**
 * sendMail against real SMTP servers, and certainlyNotSent's verdict on each way a send fails:
 * the outbox retries only what it classifies as certainly unsent, so a wrong verdict means a
 * mail lost or a mail sent twice.
 */
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../local/http/ports.ts';
import { startMailCapture } from '../../../local/mail/index.ts';
import { certainlyNotSent, permanentRefusalCode, sendMail, type OutgoingMail } from './mailer.ts';

const mail: OutgoingMail = { to: 'someone@example.com', subject: 'Test', text: 'Hello', html: '<p>Hello</p>' };
const saved = { ...process.env };
const servers: SMTPServer[] = [];

beforeEach(() => {
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.MAIL_FROM = 'Ascent <no-reply@ascent.example>';
});

afterEach(async () => {
  process.env = { ...saved };
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

/** A real SMTP server with the given behaviour, on a free loopback port (set as SMTP_PORT). */
async function server(options: ConstructorParameters<typeof SMTPServer>[0]): Promise<SMTPServer> {
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, ...options });
  servers.push(smtp);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  process.env.SMTP_PORT = String((smtp.server.address() as AddressInfo).port);
  return smtp;
}

async function failure(): Promise<unknown> {
  return sendMail(mail).then(
    () => {
      throw new Error('the send succeeded');
    },
    (error: unknown) => error,
  );
}

describe('sendMail', () => {
  it('delivers the attachments and the fixed Message-ID', async () => {
    const capture = await startMailCapture({ smtpPort: 0, webPort: await freePort() });
    try {
      process.env.SMTP_PORT = String(capture.smtpPort);
      await sendMail({
        ...mail,
        messageId: 'row-1@ascent.example',
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: new Uint8Array([37, 80, 68, 70]) }],
      });
      expect(capture.messages()).toMatchObject([
        {
          messageId: '<row-1@ascent.example>',
          attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', size: 4 }],
        },
      ]);
    } finally {
      await capture.stop();
    }
  });
});

describe('certainlyNotSent', () => {
  it('is true when nothing listens (connection refused)', async () => {
    process.env.SMTP_PORT = String(await freePort());
    expect(certainlyNotSent(await failure())).toBe(true);
  });

  it('is true when the server refuses the recipient', async () => {
    await server({
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error('No such user'), { responseCode: 550 })),
    });
    expect(certainlyNotSent(await failure())).toBe(true);
  });

  it('is true when the server refuses the message after reading it', async () => {
    await server({
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Rejected as spam'), { responseCode: 554 })));
      },
    });
    expect(certainlyNotSent(await failure())).toBe(true);
  });

  it('is false when the connection drops after the message was transferred, before the reply', async () => {
    const sockets: Socket[] = [];
    const smtp = await server({
      // The server may have queued the mail by now; the client never hears back.
      onData: (stream) => {
        stream.resume();
        stream.on('end', () => sockets.forEach((socket) => socket.destroy()));
      },
    });
    smtp.server.on('connection', (socket: Socket) => sockets.push(socket));
    expect(certainlyNotSent(await failure())).toBe(false);
  });
});

describe('permanentRefusalCode', () => {
  it('is the 5xx code when the server refuses the recipient for good', async () => {
    await server({
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error('No such user'), { responseCode: 550 })),
    });
    expect(permanentRefusalCode(await failure())).toBe(550);
  });

  it('is null for a refusal that may pass (4xx) and when nothing listens', async () => {
    await server({
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 450 })),
    });
    expect(permanentRefusalCode(await failure())).toBeNull();
    process.env.SMTP_PORT = String(await freePort());
    expect(permanentRefusalCode(await failure())).toBeNull();
  });

  it('refuses what the local capture refuses: any address at a .invalid domain (RFC 2606)', async () => {
    const capture = await startMailCapture({ smtpPort: 0, webPort: await freePort() });
    try {
      process.env.SMTP_PORT = String(capture.smtpPort);
      const error = await sendMail({ ...mail, to: 'nobody@gone.invalid' }).then(
        () => null,
        (refusal: unknown) => refusal,
      );
      expect(permanentRefusalCode(error)).toBe(550);
      expect(capture.messages()).toEqual([]);
      await sendMail(mail);
      expect(capture.messages()).toHaveLength(1);
    } finally {
      await capture.stop();
    }
  });
});
