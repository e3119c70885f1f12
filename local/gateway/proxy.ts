/** Forwards a request to an upstream HTTP service, streaming both bodies. */
import { BodyTooLargeError } from '../http/body-limit.ts';
import type { RequestHandler } from '../http/serve.ts';

/** Hop-by-hop headers belong to one connection and must not be forwarded. */
const hopByHop = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length'];

/**
 * `Expect: 100-continue` was answered on the client's connection already (node:http sends the 100
 * before the handler runs); fetch refuses to send it again, which made every such POST a 502.
 */
const requestOnly = ['expect'];

export function proxyTo(upstream: string): RequestHandler {
  return async (request) => {
    const incoming = new URL(request.url);
    const target = new URL(incoming.pathname + incoming.search, upstream);
    const headers = new Headers(request.headers);
    for (const name of [...hopByHop, ...requestOnly]) headers.delete(name);
    // fetch would decompress a gzip reply yet keep its content-encoding header: ask for plain bytes.
    headers.set('accept-encoding', 'identity');
    try {
      const reply = await fetch(target, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'manual',
        duplex: 'half',
      } as RequestInit);
      const replyHeaders = new Headers(reply.headers);
      for (const name of hopByHop) replyHeaders.delete(name);
      return new Response(reply.body, { status: reply.status, statusText: reply.statusText, headers: replyHeaders });
    } catch (error) {
      // A body over the gateway's cap stopped the upload: the cap answers 413, nothing to log.
      if (error instanceof Error && error.cause instanceof BodyTooLargeError) throw error.cause;
      console.error(`[gateway] upstream ${upstream} failed: ${String((error as Error).cause ?? error)}`);
      return Response.json({ message: 'An invalid response was received from the upstream server' }, { status: 502 });
    }
  };
}
