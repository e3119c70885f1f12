/**
 * No request can take a server down: the website and every local service get requests meant to
 * break them (sent over raw sockets, since fetch refuses to send them), answer each with a client
 * error (the real PostgREST binary: with a status), and answer a normal request normally afterwards.
 * SMTP gets garbage and over-long lines.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { rawHttp, type RawEndpoint } from '../support/raw-http.ts';
import { stackInfo } from './stack-info.ts';

const stack = stackInfo();
const portOf = (url: string) => Number(new URL(url).port);

interface Target {
  name: string;
  port: RawEndpoint;
  /** A path served normally, and the prefix the hostile paths go under (to reach that route). */
  path: string;
  prefix: string;
  /** Headers every request carries (the gateway's apikey). */
  headers: string[];
  /** Where a JSON body is read, for the malformed-body request. */
  jsonPath: string;
  /** A normal request and the status it must get. */
  normal: () => Promise<number>;
  /** Servers written here must answer each with a client error; the real PostgREST binary need only answer. */
  ours: boolean;
}

const apikey = `apikey: ${stack.anonKey}`;
const bearer = `Authorization: Bearer ${stack.anonKey}`;
const apiPort = portOf(stack.apiUrl);
const status = (url: string, init?: RequestInit) => fetch(url, init).then((r) => r.status);
// PostgREST listens on a Unix socket only the stack's user may open (node's fetch reaches it through undici).
const restSocket = new Agent({ connect: { socketPath: stack.restSocket } });

const targets: Target[] = [
  {
    name: 'website',
    port: portOf(stack.webUrl),
    path: '/about',
    prefix: '',
    headers: [],
    jsonPath: '/contact',
    normal: () => status(`${stack.webUrl}/about`),
    ours: true,
  },
  {
    name: 'gateway /rest/v1',
    port: apiPort,
    path: '/rest/v1/services?select=id&limit=1',
    prefix: '/rest/v1',
    headers: [apikey],
    jsonPath: '/rest/v1/newsletter_subscribers',
    normal: () => status(`${stack.apiUrl}/rest/v1/services?select=id&limit=1`, { headers: { apikey: stack.anonKey } }),
    ours: true,
  },
  {
    name: 'gateway /auth/v1',
    port: apiPort,
    path: '/auth/v1/health',
    prefix: '/auth/v1',
    headers: [apikey],
    jsonPath: '/auth/v1/token?grant_type=password',
    normal: () => status(`${stack.apiUrl}/auth/v1/health`),
    ours: true,
  },
  {
    name: 'gateway /functions/v1',
    port: apiPort,
    path: '/functions/v1/send-newsletter-subscription-email',
    prefix: '/functions/v1',
    headers: [apikey, bearer],
    jsonPath: '/functions/v1/send-newsletter-subscription-email',
    // A browser's preflight, as the site's footer form sends before it subscribes.
    normal: () =>
      status(`${stack.apiUrl}/functions/v1/send-newsletter-subscription-email`, {
        method: 'OPTIONS',
        headers: {
          origin: stack.webUrl,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, apikey, content-type, x-client-info',
        },
      }),
    ours: true,
  },
  {
    name: 'gateway /storage/v1',
    port: apiPort,
    path: '/storage/v1/object/public/media/none.png',
    prefix: '/storage/v1/object/media',
    headers: [apikey, bearer],
    jsonPath: '/storage/v1/object/list/media',
    normal: () =>
      status(`${stack.apiUrl}/storage/v1/object/list/media`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      }),
    ours: true,
  },
  {
    name: 'PostgREST (directly)',
    port: { socketPath: stack.restSocket },
    path: '/services?select=id&limit=1',
    prefix: '',
    headers: [],
    jsonPath: '/newsletter_subscribers',
    normal: () => status('http://localhost/services?select=id&limit=1', { dispatcher: restSocket } as RequestInit),
    ours: false,
  },
  {
    name: 'content lake',
    port: portOf(stack.contentUrl),
    path: '/v2025-02-19/data/query/production?query=count(*)',
    prefix: '/v2025-02-19/data/query',
    headers: [],
    jsonPath: '/v2025-02-19/data/query/production',
    normal: () => status(`${stack.contentUrl}/v2025-02-19/data/query/production?query=count(*)`),
    ours: true,
  },
  {
    name: 'mail inbox',
    port: portOf(stack.mailApiUrl),
    path: '/api/messages',
    prefix: '/api/messages',
    headers: [],
    jsonPath: '/api/messages',
    normal: () => status(stack.mailApiUrl),
    ours: true,
  },
];

/** Each request meant to break a server: [what, request line, extra headers, body]. */
function hostileRequests(target: Target): Array<[string, string, string[], string]> {
  const json = ['Content-Type: application/json'];
  return [
    ['TRACE', `TRACE ${target.path} HTTP/1.1`, [], ''],
    ['TRACK', `TRACK ${target.path} HTTP/1.1`, [], ''],
    ['CONNECT', `CONNECT 127.0.0.1:${typeof target.port === 'number' ? target.port : 80} HTTP/1.1`, [], ''],
    ['a malformed percent-escape', `GET ${target.prefix}/%E0%A4%A HTTP/1.1`, [], ''],
    ['a NUL byte in the path', `GET ${target.prefix}/a\0b HTTP/1.1`, [], ''],
    ['a 100 KB URL', `GET ${target.prefix}/${'a'.repeat(100 * 1024)} HTTP/1.1`, [], ''],
    ['a malformed header', `GET ${target.path} HTTP/1.1`, ['Bad Header: x'], ''],
    ['a malformed JSON body', `POST ${target.jsonPath} HTTP/1.1`, json, '{"email": "visitor@example.com", '],
  ];
}

describe.each(targets)('$name', (target) => {
  it(`answers every hostile request with ${target.ours ? 'a client error' : 'a status'}, then a normal request normally`, async () => {
    expect(await target.normal()).toBeLessThan(300);
    for (const [what, requestLine, headers, body] of hostileRequests(target)) {
      const answer = await rawHttp(target.port, requestLine, [...target.headers, ...headers], body);
      if (target.ours) expect(answer.statusLine, what).toMatch(/^HTTP\/1\.[01] 4\d\d /);
      // The real binary is lenient with some (a header name with a space is served): it must answer.
      else expect(answer.statusLine, what).toMatch(/^HTTP\/1\.[01] \d{3} /);
    }
    expect(await target.normal()).toBeLessThan(300);
  });
});

/** An SMTP conversation: waits for the greeting, sends `lines`, resolves with every reply once `until` appears. */
function smtpSession(lines: string[], until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(stack.smtpPort, '127.0.0.1');
    let replies = '';
    let greeted = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`SMTP: no ${until} within 10 s; got ${JSON.stringify(replies)}`));
    }, 10_000);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(replies);
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      replies += chunk;
      if (!greeted && /^220 /m.test(replies)) {
        greeted = true;
        socket.write(lines.join(''));
      }
      if (until.test(replies)) finish();
    });
    socket.on('close', finish);
    socket.on('error', finish);
  });
}

describe('mail capture SMTP', () => {
  it('answers garbage commands and an over-long line with errors, then takes a normal session', async () => {
    const garbage = await smtpSession(['HELLO?\r\n', '\0\x01\x02\xff\r\n', 'MAIL FROM:<<<>\r\n'], /^503 /m);
    expect(garbage.match(/^500 /gm)).toHaveLength(2);
    const tooLong = await smtpSession(['EHLO tester\r\n', `MAIL FROM:<${'a'.repeat(100 * 1024)}@x>\r\n`], /^421 /m);
    expect(tooLong).toMatch(/^421 .*too long/im);
    const normal = await smtpSession(['EHLO tester\r\n', 'NOOP\r\n', 'QUIT\r\n'], /^221 /m);
    expect(normal).toMatch(/^250 OK/m);
    expect(await status(stack.mailApiUrl)).toBe(200);
  });
});
