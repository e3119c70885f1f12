/**
 * A TCP proxy on 127.0.0.1 in front of one service, to make that service fail the ways real ones
 * do: `pass` forwards, `refuse` stops listening (connections refused, open ones reset), `stall`
 * accepts and never answers (open connections go silent too), as a hung host or a black-holed
 * network would. For the fault tests and `npm run soak`.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type FaultMode = 'pass' | 'refuse' | 'stall';

export interface FaultProxy {
  url: string;
  port: number;
  mode(): FaultMode;
  setMode(mode: FaultMode): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream?: Socket;
}

/** A proxy to `target` (host:port); with no target, every mode but `refuse` is a silent server. */
export async function startFaultProxy(target?: { host: string; port: number }, initial: FaultMode = 'pass') {
  const pairs = new Set<Pair>();
  let mode: FaultMode = initial;
  let server: Server | undefined;
  let port = 0;

  function silence(pair: Pair) {
    pair.upstream?.unpipe(pair.client);
    pair.upstream?.pause();
    pair.client.unpipe();
    // Whatever the client sends is read and dropped: it waits for an answer that never comes.
    pair.client.on('data', () => {});
    pair.client.resume();
  }

  function accept(client: Socket) {
    const pair: Pair = { client };
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
      client.destroy();
    };
    client.on('error', forget);
    client.on('close', forget);
    if (mode === 'stall' || !target) {
      silence(pair);
      return;
    }
    const upstream = createConnection(target);
    pair.upstream = upstream;
    upstream.on('error', forget);
    upstream.on('close', forget);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  function listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const next = createServer(accept);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : port;
        server = next;
        resolve();
      });
    });
  }

  function unlisten(): Promise<void> {
    const current = server;
    server = undefined;
    return new Promise((resolve) => (current ? current.close(() => resolve()) : resolve()));
  }

  if (initial === 'refuse') {
    // Take a port now, so the proxy keeps one address across modes.
    await listen();
    await unlisten();
  } else {
    await listen();
  }

  const proxy: FaultProxy = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    mode: () => mode,
    async setMode(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'refuse') {
        await Promise.all([unlisten(), ...[...pairs].map((pair) => Promise.resolve(pair.client.resetAndDestroy()))]);
        return;
      }
      if (previous === 'refuse') await listen();
      if (next === 'stall') for (const pair of pairs) silence(pair);
    },
    async close() {
      for (const pair of pairs) {
        pair.upstream?.destroy();
        pair.client.destroy();
      }
      await unlisten();
    },
  };
  return proxy;
}
