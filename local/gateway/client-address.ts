/**
 * The gateway is the edge here, as Cloudflare is in front of a hosted project: the client's
 * address is the socket's peer, and whatever a client sent as cf-connecting-ip or
 * x-forwarded-for is dropped on every route (REST, auth, storage and functions alike). Every
 * per-client limit behind it (the SQL `private.client_key()`, the functions' `clientAddress`,
 * the auth server's `clientIp`) reads these headers, so one forged header must not reach any.
 */

/** Headers only the edge may set: a client's own copies are dropped. */
export const edgeAddressHeaders = ['cf-connecting-ip', 'x-forwarded-for'] as const;

/** The headers a service behind the gateway sees: the client's copies gone, the peer recorded. */
export function setEdgeClientAddress(headers: Headers, peer: string): void {
  for (const name of edgeAddressHeaders) headers.delete(name);
  headers.set('x-forwarded-for', peer);
}

/**
 * The peer of a request `serve` built: it appends the socket's address to x-forwarded-for as
 * the last entry (earlier entries are the client's own).
 */
export function peerOf(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() ?? '';
}
