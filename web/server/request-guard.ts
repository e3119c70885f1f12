/**
 * Keeps one request from taking a node:http server down: answers what no handler should see
 * (methods it does not serve, CONNECT, malformed or over-long URLs, a malformed Host) before a web
 * `Request` is built, and turns a handler's failure into one log entry and a 500 while the server
 * keeps serving. Used by the website's server and by every local stand-in (local/http/serve.ts,
 * the content lake).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** The methods undici's `Request` accepts that a web handler may serve (not CONNECT, TRACE, TRACK). */
const standardMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Longer request targets get 414; node itself answers 431 once the whole head passes 16 KB. */
const defaultMaxUrlLength = 8 * 1024;

export interface GuardOptions {
  /** Names the server in log lines. */
  service: string;
  /** Methods handed to the listener; any other gets 405 with Allow. Default: standardMethods. */
  methods?: readonly string[];
  maxUrlLength?: number;
  /**
   * Paths deeper (more segments) than any route get 404, and paths longer than this many
   * characters 414, before any router spends time matching them. Default: no limit.
   */
  maxPathSegments?: number;
  maxPathLength?: number;
  /**
   * How refusals and 500s are worded: plain text (default), `{"message": ...}` like Supabase's
   * gateway, or a small HTML page (the website).
   */
  body?: 'text' | 'json' | 'html';
  /** Sent with every refusal and 500 (the website's security headers). */
  headers?: Record<string, string>;
  log?: (line: string) => void;
}

export type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

interface Refusal {
  status: number;
  message: string;
}

/** Why the request target or Host cannot be handled safely, or its decoded path when they can. */
function malformedTarget(target: string, hosts: string[]): { problem: string } | { path: string } {
  const problem = (text: string) => ({ problem: text });
  if (hosts.length > 1) return problem('more than one Host header');
  let url: URL;
  try {
    // The URL every web adapter builds: a Host it cannot parse would throw inside the adapter.
    url = new URL(target, `http://${hosts[0] ?? 'localhost'}`);
  } catch {
    return problem('a malformed URL or Host header');
  }
  // `new URL` keeps percent-escapes as sent; routers and file servers decode the path later.
  if (/%(?![0-9a-f]{2})/i.test(url.pathname)) return problem('malformed percent-encoding in the path');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return problem('a path that is not valid UTF-8 once decoded');
  }
  if (path.includes('\0')) return problem('a NUL byte in the path');
  return { path: url.pathname };
}

/** The number of segments in a path, counting no further than `limit + 1` (cheap on a 7,000-segment path). */
function segmentsBeyond(path: string, limit: number): boolean {
  let count = 0;
  for (let index = path.indexOf('/'); index !== -1; index = path.indexOf('/', index + 1)) {
    if (++count > limit) return true;
  }
  return false;
}

function hostHeaders(req: IncomingMessage): string[] {
  const hosts: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts.push(req.rawHeaders[i + 1] ?? '');
  }
  return hosts;
}

/** The answer a request must get before any handler sees it, or undefined when it may go on. */
function refusalFor(req: IncomingMessage, options: GuardOptions): Refusal | undefined {
  const { methods = standardMethods, maxUrlLength = defaultMaxUrlLength, maxPathSegments, maxPathLength } = options;
  const method = req.method ?? '';
  if (!methods.includes(method)) return { status: 405, message: `The ${method} method is not supported` };
  const target = req.url ?? '/';
  if (target.length > maxUrlLength) {
    return { status: 414, message: `The URL is longer than ${maxUrlLength} characters` };
  }
  const checked = malformedTarget(target, hostHeaders(req));
  if ('problem' in checked) return { status: 400, message: `The request has ${checked.problem}` };
  if (maxPathLength !== undefined && checked.path.length > maxPathLength) {
    return { status: 414, message: `The path is longer than ${maxPathLength} characters` };
  }
  if (maxPathSegments !== undefined && segmentsBeyond(checked.path, maxPathSegments)) {
    return { status: 404, message: 'There is no page at this address' };
  }
  return undefined;
}

/** A small self-contained page: no script, no external style, nothing of the request echoed. */
function htmlPage(status: number, message: string): string {
  const title = `${status} ${STATUS_CODES[status] ?? ''}`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"></head>' +
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">` +
    `<h1>${title}</h1><p>${message}.</p><p><a href="/">Go to the home page</a></p></body></html>\n`
  );
}

function replyBody(status: number, message: string, format: 'text' | 'json' | 'html'): [string, string] {
  if (format === 'json') return ['application/json; charset=utf-8', JSON.stringify({ message })];
  if (format === 'html') return ['text/html; charset=utf-8', htmlPage(status, message)];
  return ['text/plain; charset=utf-8', `${status} ${STATUS_CODES[status] ?? ''}: ${message}\n`];
}

/** The failures seen so far (by stack), so a repeated one is logged as one line without its stack. */
const seenStacks = new Set<string>();

/** Logs a request's failure once: the stack the first time a code path fails, one line after that. */
export function reportFailure(service: string, where: string, error: unknown, log = console.error): void {
  const summary = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const line = `[${service}] 500 on ${where.slice(0, 200)}: ${summary}`;
  // The frames without the message: the same fault with other input is the same failure.
  const frames = error instanceof Error ? (error.stack ?? '').split('\n').slice(1).join('\n') : '';
  if (!frames) log(line);
  else if (seenStacks.has(frames)) log(`${line} (stack logged before)`);
  else {
    if (seenStacks.size < 1000) seenStacks.add(frames);
    log(`${line}\n${frames}`);
  }
}

/** `connection: close` for HTTP/1 (an unread body cannot pass for a request); HTTP/2 forbids the header. */
function closeHeader(req: IncomingMessage): Record<string, string> {
  return req.httpVersionMajor >= 2 ? {} : { connection: 'close' };
}

/**
 * Answers a request its handler will not see (or a body it will not read) in the server's words.
 * The connection closes after the answer (an unread request body cannot be mistaken for a
 * request), unless `close` is false: a caller that drains the rest itself (closeAfterAnswer).
 */
export function sendRefusal(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  options: Pick<GuardOptions, 'body' | 'headers'>,
  { extra = {}, close = true }: { extra?: Record<string, string>; close?: boolean } = {},
): void {
  const [type, body] = replyBody(status, message, options.body ?? 'text');
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...options.headers,
    ...(close ? closeHeader(req) : {}),
    ...extra,
  });
  res.end(body);
}

/**
 * Wraps a request listener: refuses what it must not see, answers its failure with a 500.
 * Exported for servers node:http does not create (the content lake's HTTP/2 face).
 */
export function guardListener(listener: Listener, options: GuardOptions): Listener {
  const methods = options.methods ?? standardMethods;
  const allow = methods.join(', ');
  const format = options.body ?? 'text';
  const log = options.log ?? console.error;
  return (req, res) => {
    const refusal = refusalFor(req, options);
    if (refusal) {
      sendRefusal(req, res, refusal.status, refusal.message, options, {
        extra: refusal.status === 405 ? { allow } : {},
      });
      return;
    }
    const fail = (error: unknown) => {
      reportFailure(options.service, `${req.method ?? ''} ${req.url ?? ''}`, error, log);
      if (res.headersSent) {
        // Part of the answer is out: the client must see it cut short, not complete.
        res.destroy();
        return;
      }
      const [type, body] = replyBody(500, 'Internal server error', format);
      res.writeHead(500, {
        'content-type': type,
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
        ...options.headers,
        ...closeHeader(req),
      });
      res.end(body);
    };
    try {
      const outcome = listener(req, res);
      if (outcome instanceof Promise) outcome.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/**
 * node:http would close a CONNECT connection without a word (no 'connect' listener); answer it
 * like any other method the server does not serve.
 */
function refuseConnect(socket: Duplex, allow: string, format: 'text' | 'json' | 'html'): void {
  rawRefusal(socket, 405, 'The CONNECT method is not supported', format, `Allow: ${allow}\r\n`);
}

/** An answer written straight to the socket (no request object exists), then the connection closes. */
function rawRefusal(socket: Duplex, status: number, message: string, format: 'text' | 'json' | 'html', extra = '') {
  const [type, body] = replyBody(status, message, format);
  socket.on('error', () => {});
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${extra}Content-Type: ${type}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * What node's parser refuses (an unknown method, a malformed header, a NUL byte, a head over
 * 16 KB) is answered like the guard's own refusals, with a body, instead of node's bare status line.
 */
function refuseUnparsable(error: NodeJS.ErrnoException, socket: Duplex, format: 'text' | 'json' | 'html'): void {
  // An answer already under way on this connection (keep-alive) cannot be followed by another.
  const answering: unknown = Reflect.get(socket, '_httpMessage');
  const headerSent = typeof answering === 'object' && answering !== null && Reflect.get(answering, '_headerSent');
  if (error.code === 'ECONNRESET' || !socket.writable || headerSent) {
    socket.destroy();
    return;
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    rawRefusal(socket, 408, 'The request took too long to arrive', format);
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    rawRefusal(socket, 431, 'The request head is larger than the server accepts', format);
  } else {
    rawRefusal(socket, 400, 'The request is malformed', format);
  }
}

/** A node:http server whose listener only sees requests it can handle, and whose failures stay one request's. */
export function createGuardedServer(options: GuardOptions, listener: Listener): Server {
  const server = createServer(guardListener(listener, options));
  const allow = (options.methods ?? standardMethods).join(', ');
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => refuseConnect(socket, allow, options.body ?? 'text'));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    refuseUnparsable(error, socket, options.body ?? 'text'),
  );
  return server;
}
