/**
 * Serves a web-standard `(Request) => Promise<Response>` handler on node:http, on 127.0.0.1,
 * behind the request guard the website uses too: what a `Request` cannot hold is answered before
 * one is built, a body above the server's cap gets 413 without being read, and a failing handler
 * costs one 500, not the process.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createGuardedServer } from '../../web/server/request-guard.ts';
import { closeAfterAnswer, declaredTooLarge, withBodyLimit } from './body-limit.ts';

export type RequestHandler = (request: Request) => Promise<Response>;

export interface ServedHandler {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** A port already taken is a common start-up failure: name it instead of printing EADDRINUSE. */
export class PortInUseError extends Error {
  readonly port: number;
  readonly service: string;
  constructor(port: number, service: string) {
    super(`Port ${port} (${service}) is already in use: stop whatever listens there, or choose another port in .env`);
    this.port = port;
    this.service = service;
  }
}

/**
 * The request body as a web stream that reads only when pulled (a socket left unread holds the
 * sender back by TCP) and, when cancelled, stops reading instead of destroying the socket, which
 * must still carry the answer (a 413 from a handler that gave up on the body).
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = req.iterator({ destroyOnReturn: false });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value as Buffer);
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

function toRequest(req: IncomingMessage, origin: string, withBody = true): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Like any proxy in front of an app, record the peer so rate limits can key on it.
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = headers.get('x-forwarded-for');
  headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${peer}` : peer);
  const hasBody = withBody && req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    body: hasBody ? bodyStream(req) : null,
    duplex: 'half',
  } as RequestInit);
}

async function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  // An answer before the body was read whole (a 413): the rest must not be taken for a next request.
  if (!req.complete) closeAfterAnswer(req, res);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}

export interface ServeOptions {
  port: number;
  host?: string;
  service: string;
  /** The largest request body the server takes; larger ones get 413 before they are read. */
  maxBodyBytes: number;
  /** The 413 in the service's own shape; default `{"message": ...}` as Supabase's gateway words it. */
  tooLarge?: (request: Request, limit: number) => Response;
  /**
   * Routes served on node:http itself, before any web Request is built (a streaming proxy): true
   * when it took the request, which it then answers whatever happens.
   */
  direct?: DirectRoute;
}

export type DirectRoute = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Kong's request-size-limiting words, which the hosted gateway answers a 413 with. */
export const gatewayTooLargeMessage = (limit: number) => `Request size limit exceeded (max ${limit} bytes)`;

export const gatewayTooLarge = (_request: Request, limit: number): Response =>
  Response.json({ message: gatewayTooLargeMessage(limit) }, { status: 413 });

export async function serve(handler: RequestHandler, options: ServeOptions): Promise<ServedHandler> {
  const host = options.host ?? '127.0.0.1';
  const tooLarge = options.tooLarge ?? gatewayTooLarge;
  const capped = withBodyLimit(handler, options.maxBodyBytes, tooLarge);
  const server: Server = createGuardedServer({ service: options.service, body: 'json' }, async (req, res) => {
    if (options.direct?.(req, res)) return;
    const origin = `http://${req.headers.host ?? host}`;
    if (declaredTooLarge(req.headers, options.maxBodyBytes)) {
      await writeResponse(tooLarge(toRequest(req, origin, false), options.maxBodyBytes), req, res);
      return;
    }
    await writeResponse(await capped(toRequest(req, origin)), req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port, options.service) : error);
    });
    server.listen(options.port, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
