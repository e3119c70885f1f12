/**
 * node:http <-> web Request/Response for the website, honouring a trusted proxy: the scheme
 * (X-Forwarded-Proto) and the client's address (X-Forwarded-For) come from the forwarding headers
 * only when the connection comes from a proxy listed in TRUST_PROXY; from anyone else those headers
 * are dropped, so a visitor cannot claim another address or HTTPS.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP, type BlockList } from 'node:net';

export interface ClientView {
  protocol: 'http:' | 'https:';
  /** The visitor's address: the peer, or the nearest untrusted X-Forwarded-For entry behind trusted proxies. */
  address: string;
  /** The peer is a trusted proxy: its forwarding headers are kept. */
  proxied: boolean;
}

const ipType = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

function isTrusted(trusted: BlockList | undefined, address: string | undefined): boolean {
  return Boolean(trusted && address && isIP(address) && trusted.check(address, ipType(address)));
}

/** The last value of a header sent once or as a comma-separated list. */
function headerList(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function clientView(req: IncomingMessage, trusted: BlockList | undefined): ClientView {
  const peer = req.socket.remoteAddress ?? '';
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  if (!isTrusted(trusted, peer)) return { protocol: encrypted ? 'https:' : 'http:', address: peer, proxied: false };
  // Walk X-Forwarded-For from the right: each trusted hop appended the address it saw.
  const hops = headerList(req.headers['x-forwarded-for']);
  let address = peer;
  while (hops.length > 0 && isTrusted(trusted, address)) address = hops.pop() ?? address;
  // The proxy nearest to us appended its view of the scheme last.
  const proto = headerList(req.headers['x-forwarded-proto']).pop()?.toLowerCase();
  const protocol = proto === 'https' ? 'https:' : proto === 'http' ? 'http:' : encrypted ? 'https:' : 'http:';
  return { protocol, address, proxied: true };
}

const forwardingHeaders = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded']);

/**
 * The web Request for a node request (the guard has checked its method, URL and Host), with the
 * body the server has already read under its cap (request-body.ts).
 */
export function toRequest(
  req: IncomingMessage,
  signal: AbortSignal,
  view: ClientView,
  body?: Uint8Array<ArrayBuffer>,
): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    if (!view.proxied && forwardingHeaders.has(name.toLowerCase())) continue;
    headers.append(name, req.rawHeaders[i + 1] ?? '');
  }
  // What the app may read as the visitor's address: ours, never one the visitor wrote.
  headers.set('x-forwarded-for', view.address);
  headers.set('x-forwarded-proto', view.protocol.slice(0, -1));
  const url = new URL(req.url ?? '/', `${view.protocol}//${req.headers.host ?? 'localhost'}`);
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers, signal });
  return new Request(url, { method, headers, signal, body: body ?? new Uint8Array() });
}

/** Writes a web Response to node, waiting for the socket when it is full; HEAD gets no body. */
export async function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const rawHeaders: string[] = [];
  for (const [name, value] of response.headers) rawHeaders.push(name, value);
  res.writeHead(response.status, rawHeaders);
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  for await (const chunk of response.body) {
    if (res.destroyed) break;
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end();
}
