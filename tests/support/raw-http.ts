/**
 * Raw requests over node:net, for what fetch refuses to send (TRACE, CONNECT, broken escapes, NUL
 * bytes, malformed headers, 100 KB URLs): the bytes go out as written and the status line comes back.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  /** 0 when the connection closed without a status line. */
  status: number;
  /** The first line of the answer (or what came before the connection closed). */
  statusLine: string;
  /** Every byte received, as latin1 text. */
  text: string;
}

/** A port on 127.0.0.1, or a Unix socket (PostgREST's). */
export type RawEndpoint = number | { socketPath: string };

const describeEndpoint = (port: RawEndpoint) => (typeof port === 'number' ? `port ${port}` : port.socketPath);

/** Sends `bytes` to 127.0.0.1:`port` (or a socket) and resolves with the answer once the server closes or `untilText` appears. */
export function rawExchange(
  port: RawEndpoint,
  bytes: string | Buffer,
  options: { untilText?: RegExp; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const until = options.untilText ?? /^HTTP\/1\.[01] \d{3}[^\r\n]*\r\n/;
  return new Promise((resolve, reject) => {
    const socket = typeof port === 'number' ? connect(port, '127.0.0.1') : connect(port.socketPath);
    let text = '';
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const statusLine = text.split('\r\n')[0] ?? '';
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), statusLine, text });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `no answer from ${describeEndpoint(port)} within ${options.timeoutMs ?? 10_000} ms; got ${JSON.stringify(text)}`,
        ),
      );
    }, options.timeoutMs ?? 10_000);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (until.test(text)) done();
    });
    // A server that answers an over-long request before reading all of it resets the connection
    // after its answer: what arrived before the reset is the answer.
    socket.on('error', done);
    socket.on('close', done);
    socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
  });
}

/** One HTTP/1.1 request written by hand: the request line, then a Host header, `headers` and `body`. */
export function rawHttp(port: RawEndpoint, requestLine: string, headers: string[] = [], body = ''): Promise<RawAnswer> {
  const head = [requestLine, `Host: ${typeof port === 'number' ? `127.0.0.1:${port}` : 'localhost'}`, ...headers];
  if (body) head.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return rawExchange(port, `${head.join('\r\n')}\r\n\r\n${body}`);
}
