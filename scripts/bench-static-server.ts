/**
 * The bench's baseline (scripts/bench.ts): a bare node:http server answering every request with
 * one recorded response (status, headers and the exact compressed bytes), the least any Node
 * server can do to send the page. Run as its own process: `node bench-static-server.ts <file>`
 * where <file> is JSON `{status, headers, body (base64)}`; prints `listening <port>`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const recorded = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as {
  status: number;
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(recorded.body, 'base64');

const server = createServer((_req, res) => {
  res.writeHead(recorded.status, recorded.headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
