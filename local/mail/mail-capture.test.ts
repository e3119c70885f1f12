/** The capture end to end: nodemailer over real SMTP in, the JSON API and HTML pages out; the message size cap. */
import { connect } from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCapture, type CapturedMessage, type MailCapture } from './index.ts';

let capture: MailCapture;

beforeAll(async () => {
  capture = await startMailCapture({ smtpPort: 0, webPort: 0, limit: 3 });
});
afterAll(async () => {
  await capture?.stop();
});
beforeEach(() => capture.clear());

function send(message: SendMailOptions) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: capture.smtpPort, secure: false });
  return transport.sendMail({ from: 'Ascent <no-reply@ascent.example>', ...message });
}

async function apiMessages(): Promise<CapturedMessage[]> {
  const response = await fetch(`${capture.webUrl}/api/messages`);
  expect(response.status).toBe(200);
  return (await response.json()) as CapturedMessage[];
}

describe('mail capture', () => {
  it('picks free ports when asked for port 0', () => {
    expect(capture.smtpPort).toBeGreaterThan(0);
    expect(capture.webUrl).toBe(`http://127.0.0.1:${capture.webPort}`);
  });

  it('captures a message sent over SMTP and serves it through the JSON API', async () => {
    await send({
      to: 'Reader <reader@example.com>',
      cc: 'copy@example.com',
      bcc: 'hidden@example.com',
      subject: 'Welcome',
      text: 'Hello there',
      html: '<p>Hello <b>there</b></p>',
    });
    const [message] = await apiMessages();
    expect(message).toMatchObject({
      from: 'Ascent <no-reply@ascent.example>',
      to: ['reader@example.com'],
      cc: ['copy@example.com'],
      subject: 'Welcome',
      text: 'Hello there',
      html: '<p>Hello <b>there</b></p>',
      envelope: { from: 'no-reply@ascent.example' },
    });
    expect(message?.envelope.to).toEqual(['reader@example.com', 'copy@example.com', 'hidden@example.com']);
    expect(new Date(message?.date ?? '').getTime()).not.toBeNaN();
    expect(capture.messages()).toHaveLength(1);

    const one = await fetch(`${capture.webUrl}/api/messages/${message?.id}`);
    expect(await one.json()).toEqual(message);
    expect((await fetch(`${capture.webUrl}/api/messages/999`)).status).toBe(404);
  });

  it('serves an attachment’s bytes by its place in the message (a PDF read back in tests)', async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80, 0x0a]);
    await send({
      to: 'reader@example.com',
      subject: 'With a file',
      text: 'Attached',
      attachments: [{ filename: 'certificate.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const [message] = await apiMessages();
    const response = await fetch(`${capture.webUrl}/api/messages/${message?.id}/attachments/0`);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
    expect((await fetch(`${capture.webUrl}/api/messages/${message?.id}/attachments/1`)).status).toBe(404);
  });

  it('lists newest first and keeps only the configured number of messages', async () => {
    for (const n of [1, 2, 3, 4]) await send({ to: 'a@example.com', subject: `Message ${n}`, text: String(n) });
    expect((await apiMessages()).map((m) => m.subject)).toEqual(['Message 4', 'Message 3', 'Message 2']);
  });

  it('accepts a client that logs in (a project with SMTP_USER set still delivers)', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: capture.smtpPort,
      secure: false,
      auth: { user: 'someone', pass: 'anything' },
    });
    await transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'With login', text: 'x' });
    expect((await apiMessages()).map((m) => m.subject)).toEqual(['With login']);
  });

  it('empties the inbox with DELETE /api/messages and with the page form', async () => {
    await send({ to: 'a@example.com', subject: 'One', text: '1' });
    const deleted = await fetch(`${capture.webUrl}/api/messages`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await apiMessages()).toEqual([]);

    await send({ to: 'a@example.com', subject: 'Two', text: '2' });
    const cleared = await fetch(`${capture.webUrl}/clear`, { method: 'POST', redirect: 'manual' });
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get('location')).toBe('/');
    expect(capture.messages()).toEqual([]);
  });

  it('lists messages on an HTML page with every captured value escaped', async () => {
    await send({ to: 'a@example.com', subject: 'Hi <script>alert(1)</script> & "you"', text: 'body' });
    const response = await fetch(`${capture.webUrl}/`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<th scope="col">Subject</th>');
    expect(page).toContain('Hi &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;you&#34;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('a@example.com');
  });

  it('shows a message with its text, and its HTML only inside a sandboxed frame', async () => {
    await send({
      to: 'a@example.com',
      subject: 'Rich',
      text: 'Plain <b>text</b>',
      html: '<p onclick="steal()">Rich</p><script>alert(1)</script><img src="https://tracker.example/p.gif">',
    });
    const [message] = capture.messages();
    const page = await (await fetch(`${capture.webUrl}/messages/${message?.id}`)).text();
    expect(page).toContain('<pre>Plain &#60;b&#62;text&#60;/b&#62;</pre>');
    expect(page).toContain(`<iframe sandbox src="/messages/${message?.id}/html"`);
    expect(page).not.toContain('steal()');
    expect(page).not.toContain('<script>');

    const body = await fetch(`${capture.webUrl}/messages/${message?.id}/html`);
    const policy = body.headers.get('content-security-policy') ?? '';
    expect(policy.split(';').map((d) => d.trim())).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'"]));
    expect(await body.text()).toContain('<p onclick="steal()">Rich</p>');
  });

  it('answers 404 for unknown messages and paths, and 405 for wrong methods', async () => {
    expect((await fetch(`${capture.webUrl}/messages/999`)).status).toBe(404);
    expect((await fetch(`${capture.webUrl}/nowhere`)).status).toBe(404);
    const wrong = await fetch(`${capture.webUrl}/api/messages`, { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, DELETE');
    const clear = await fetch(`${capture.webUrl}/clear`, { method: 'HEAD' });
    expect([clear.status, clear.headers.get('allow')]).toEqual([405, 'POST']);
    const page = await fetch(`${capture.webUrl}/messages/999/html`, { method: 'PUT' });
    expect([page.status, page.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const head = await fetch(`${capture.webUrl}/api/messages`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'application/json']);
  });
});

describe('message size cap', () => {
  /** Talks SMTP by hand, sending `bodyBytes` of message without declaring SIZE, and returns the reply to the data. */
  async function sendUndeclared(bodyBytes: number): Promise<string> {
    const socket = connect(capture.smtpPort, '127.0.0.1');
    let received = '';
    const waitFor = (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(received);
          if (match) {
            socket.off('data', onData);
            received = received.slice(match.index + match[0].length);
            resolve(match[0]);
          }
        };
        const onData = (data: Buffer) => {
          received += data.toString('latin1');
          check();
        };
        socket.on('data', onData);
        socket.once('error', reject);
        check();
      });
    await waitFor(/^220 .*\r\n/m);
    for (const [command, reply] of [
      ['EHLO test', /^250 .*\r\n/m],
      ['MAIL FROM:<a@example.com>', /^250 .*\r\n/m],
      ['RCPT TO:<b@example.com>', /^250 .*\r\n/m],
      ['DATA', /^354 .*\r\n/m],
    ] as const) {
      socket.write(`${command}\r\n`);
      await waitFor(reply);
    }
    socket.write('Subject: huge\r\n\r\n');
    const line = `${'x'.repeat(998)}\r\n`;
    const chunk = line.repeat(1024);
    for (let sent = 0; sent < bodyBytes; sent += chunk.length) {
      if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
    }
    socket.write('.\r\n');
    const reply = await waitFor(/^\d{3} .*\r\n/m);
    socket.end('QUIT\r\n');
    return reply;
  }

  it('refuses a message over 25 MB sent without SIZE (552), keeping none of it, and still takes mail', async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const reply = await sendUndeclared(100 * 1024 * 1024);
    expect(reply).toMatch(/^552 /);
    // Parsing it whole grew the process by about 430 MB; dropping it costs only collectable chunks.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(capture.messages()).toHaveLength(0);
    await send({ to: 'reader@example.com', subject: 'after', text: 'still here' });
    expect((await apiMessages())[0]).toMatchObject({ subject: 'after' });
  });
});
