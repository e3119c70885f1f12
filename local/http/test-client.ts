/** Raw HTTP/1.1 requests for tests: what fetch cannot send (Expect: 100-continue, endless or lying bodies). */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the server sent `100 Continue` before the answer. */
  sawContinue: boolean;
  /** Request body bytes the client managed to write before the answer came (or the connection closed). */
  bytesSent: number;
}

export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A body sent whole (with the headers given: set content-length or transfer-encoding yourself if needed). */
  body?: string;
  /** A body streamed in `chunkBytes` pieces up to `totalBytes`, stopping as soon as an answer arrives. */
  stream?: { totalBytes: number; chunkBytes?: number };
  /** Send `Expect: 100-continue` and hold the body until the server says to go on. */
  expectContinue?: boolean;
}

/** Sends one request on a fresh connection and reads the whole answer. */
export function rawRequest(url: string, options: RawRequestOptions = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    let sawContinue = false;
    let bytesSent = 0;
    let answered = false;
    const headers: Record<string, string> = { ...options.headers };
    if (options.expectContinue) headers.expect = '100-continue';
    // A keep-alive connection of its own, as browsers, curl and undici send (not `Connection: close`).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const req = httpRequest(url, { method: options.method ?? 'POST', headers, agent });

    const writeBody = async () => {
      if (options.body !== undefined) {
        bytesSent += Buffer.byteLength(options.body);
        req.end(options.body);
        return;
      }
      if (!options.stream) {
        req.end();
        return;
      }
      const chunk = Buffer.alloc(options.stream.chunkBytes ?? 64 * 1024, 0x61);
      while (!answered && !req.destroyed && bytesSent < options.stream.totalBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, options.stream.totalBytes - bytesSent));
        bytesSent += piece.length;
        if (!req.write(piece)) {
          await new Promise<void>((go) => {
            const done = () => {
              req.off('drain', done);
              req.off('close', done);
              clearInterval(poll);
              go();
            };
            // An answer can arrive while the socket is full: stop waiting then too.
            const poll = setInterval(() => answered && done(), 20);
            req.once('drain', done);
            req.once('close', done);
          });
        }
      }
      if (!answered && !req.destroyed) req.end();
    };

    req.on('continue', () => {
      sawContinue = true;
      void writeBody();
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (data: Buffer) => chunks.push(data));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          sawContinue,
          bytesSent,
        });
        req.destroy();
        agent.destroy();
      });
      res.on('error', reject);
    });
    // The server may close the connection after answering an unread body: that is not a failure.
    req.on('error', (error) => {
      agent.destroy();
      if (!answered) reject(error);
    });
    if (!options.expectContinue) void writeBody();
    else req.flushHeaders();
  });
}
