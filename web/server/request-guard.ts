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
  /** How refusals and 500s are worded: plain text (default) or `{"message": ...}` like Supabase's gateway. */
  body?: 'text' | 'json';
  log?: (line: string) => void;
}

export type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

interface Refusal {
  status: number;
  message: string;
}

/** Why the request target or Host cannot be handled safely, or undefined when they can. */
function malformedTarget(target: string, hosts: string[]): string | undefined {
  if (hosts.length > 1) return 'more than one Host header';
  let url: URL;
  try {
    // The URL every web adapter builds: a Host it cannot parse would throw inside the adapter.
    url = new URL(target, `http://${hosts[0] ?? 'localhost'}`);
  } catch {
    return 'a malformed URL or Host header';
  }
  // `new URL` keeps percent-escapes as sent; routers and file servers decode the path later.
  if (/%(?![0-9a-f]{2})/i.test(url.pathname)) return 'malformed percent-encoding in the path';
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return 'a path that is not valid UTF-8 once decoded';
  }
  if (path.includes('\0')) return 'a NUL byte in the path';
  return undefined;
}

function hostHeaders(req: IncomingMessage): string[] {
  const hosts: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts.push(req.rawHeaders[i + 1] ?? '');
  }
  return hosts;
}

/** The answer a request must get before any handler sees it, or undefined when it may go on. */
function refusalFor(
  req: IncomingMessage,
  methods: readonly string[] = standardMethods,
  maxUrlLength = defaultMaxUrlLength,
): Refusal | undefined {
  const method = req.method ?? '';
  if (!methods.includes(method)) return { status: 405, message: `The ${method} method is not supported` };
  const target = req.url ?? '/';
  if (target.length > maxUrlLength) {
    return { status: 414, message: `The URL is longer than ${maxUrlLength} characters` };
  }
  const problem = malformedTarget(target, hostHeaders(req));
  return problem ? { status: 400, message: `The request has ${problem}` } : undefined;
}

function replyBody(status: number, message: string, format: 'text' | 'json'): [string, string] {
  return format === 'json'
    ? ['application/json; charset=utf-8', JSON.stringify({ message })]
    : ['text/plain; charset=utf-8', `${status} ${STATUS_CODES[status] ?? ''}: ${message}\n`];
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
 * Wraps a request listener: refuses what it must not see, answers its failure with a 500.
 * Exported for servers node:http does not create (the content lake's HTTP/2 face).
 */
export function guardListener(listener: Listener, options: GuardOptions): Listener {
  const methods = options.methods ?? standardMethods;
  const allow = methods.join(', ');
  const format = options.body ?? 'text';
  const log = options.log ?? console.error;
  return (req, res) => {
    const refusal = refusalFor(req, methods, options.maxUrlLength);
    if (refusal) {
      const [type, body] = replyBody(refusal.status, refusal.message, format);
      // The connection closes after the answer: an unread request body cannot be mistaken for a request.
      res.writeHead(refusal.status, {
        'content-type': type,
        'content-length': Buffer.byteLength(body),
        ...closeHeader(req),
        ...(refusal.status === 405 ? { allow } : {}),
      });
      res.end(body);
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
      res.writeHead(500, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...closeHeader(req) });
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
function refuseConnect(socket: Duplex, allow: string, format: 'text' | 'json'): void {
  const [type, body] = replyBody(405, 'The CONNECT method is not supported', format);
  socket.on('error', () => {});
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${allow}\r\nContent-Type: ${type}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** A node:http server whose listener only sees requests it can handle, and whose failures stay one request's. */
export function createGuardedServer(options: GuardOptions, listener: Listener): Server {
  const server = createServer(guardListener(listener, options));
  const allow = (options.methods ?? standardMethods).join(', ');
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => refuseConnect(socket, allow, options.body ?? 'text'));
  return server;
}
