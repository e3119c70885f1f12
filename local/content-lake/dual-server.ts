/**
 * One port, two protocols: plain HTTP/1.1 for the website's @sanity/client and image URLs (as
 * before), and HTTP/2 over TLS for the Studio, whose half-dozen EventSource streams starve each
 * other within HTTP/1.1's six connections per host. The first byte of a connection decides: 0x16
 * opens a TLS handshake. Both faces run the same guarded request listener.
 */
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { createGuardedServer, guardListener, type GuardOptions } from '../../web/server/request-guard.ts';

export interface DualServer {
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const tlsHandshake = 0x16;

export function createDualServer(
  guard: GuardOptions,
  listener: Listener,
  tls: { cert: string; key: string },
): DualServer {
  const plain: HttpServer = createGuardedServer(guard, listener);
  const guarded = guardListener(listener, guard);
  // The compatibility API's request and response offer what the lake uses of node:http's
  // (headers, url, method, body stream, writeHead, write, end, close events).
  const secure = createSecureServer({ ...tls, allowHTTP1: true }, (req: Http2ServerRequest, res: Http2ServerResponse) =>
    guarded(req as unknown as IncomingMessage, res as unknown as ServerResponse),
  );
  secure.on('sessionError', () => {});
  secure.on('tlsClientError', () => {});
  const sockets = new Set<Socket>();
  const front = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('readable', () => {
      const first = socket.read(1) as Buffer | null;
      if (first === null) return socket.destroy();
      socket.unshift(first);
      (first[0] === tlsHandshake ? secure : plain).emit('connection', socket);
    });
  });

  return {
    listen(port, host) {
      return new Promise((resolve, reject) => {
        const onError = (error: NodeJS.ErrnoException): void => {
          reject(error.code === 'EADDRINUSE' ? new Error(`Content lake: ${host}:${port} is already in use`) : error);
        };
        front.once('error', onError);
        front.listen(port, host, () => {
          front.off('error', onError);
          resolve((front.address() as AddressInfo).port);
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        front.close(() => resolve());
        plain.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
