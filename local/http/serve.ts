/**
 * Serves a web-standard `(Request) => Promise<Response>` handler on node:http, on 127.0.0.1,
 * behind the request guard the website uses too: what a `Request` cannot hold is answered before
 * one is built, and a failing handler costs one 500, not the process.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createGuardedServer } from '../../web/server/request-guard.ts';

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

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Like any proxy in front of an app, record the peer so rate limits can key on it.
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = headers.get('x-forwarded-for');
  headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${peer}` : peer);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  } as RequestInit);
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
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

export async function serve(
  handler: RequestHandler,
  options: { port: number; host?: string; service: string },
): Promise<ServedHandler> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createGuardedServer({ service: options.service, body: 'json' }, async (req, res) => {
    const origin = `http://${req.headers.host ?? host}`;
    await writeResponse(await handler(toRequest(req, origin)), res);
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
