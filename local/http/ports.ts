/** Port helpers: a free port for tests, and a clear failure when a fixed port is taken. */
import { createServer } from 'node:net';
import { PortInUseError } from './serve.ts';

/** Asks the OS for a free port on 127.0.0.1 (for tests, which must not collide with `npm start`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Fails with a message naming the port and its service when something already listens there. */
export function assertPortFree(port: number, service: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, service) : error);
    });
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
