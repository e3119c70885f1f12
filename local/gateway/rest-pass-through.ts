/**
 * /rest/v1 straight through to PostgREST on node:http, as the hosted gateway (Kong) streams it:
 * the apikey check, the key as the JWT when no user token is sent, the client's address, CORS on
 * every answer and the body cap, with no web Request or Response built on the way. Proxying
 * through fetch and web objects cost about as much as PostgREST's own work (880 reads/s against
 * 1,700 straight to PostgREST, one connection), and every page's maintenance read pays it.
 * Preflights (OPTIONS) are left to the gateway's web handler.
 */
import {
  Agent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestOptions,
  type ServerResponse,
} from 'node:http';
import { closeAfterAnswer, declaredTooLarge } from '../http/body-limit.ts';
import { gatewayTooLargeMessage, type DirectRoute } from '../http/serve.ts';
import { checkKey } from './api-key.ts';
import { edgeAddressHeaders } from './client-address.ts';
import { corsHeaderValues } from './cors.ts';
import { hasCostlyRegex, regexFilterGate } from './regex-filters.ts';

const PREFIX = '/rest/v1';

/** Headers of one connection (and ones the gateway sets itself), not forwarded either way. */
const requestDropped = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  // node:http answered `Expect: 100-continue` on the client's connection already.
  'expect',
  // The client's address is the edge's to set (client-address.ts): the client's copies are dropped.
  ...edgeAddressHeaders,
]);
const replyDropped = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'trailer']);

/** Where PostgREST listens: its Unix socket (the stack), or an http URL (tests with a stand-in). */
export type RestUpstream = { socketPath: string } | { url: string };

export interface RestPassThroughOptions {
  upstream: RestUpstream;
  keys: readonly string[];
  /** The largest body passed to PostgREST (it has no cap of its own). */
  maxBodyBytes: number;
  /** Costly match/imatch filters let through at once (regex-filters.ts); more answer 429. */
  regexFilterSlots: number;
}

/** Seconds a client refused a regex slot is told to wait: about one anon statement timeout. */
const regexRetryAfterSeconds = 3;

export const regexBusyMessage =
  'Too many regular-expression filters (match, imatch) are running at once: try again in a few seconds, or filter with eq, like or ilike';

function isRestPath(url: string): boolean {
  return (
    url.startsWith(PREFIX) && (url.length === PREFIX.length || url[PREFIX.length] === '/' || url[PREFIX.length] === '?')
  );
}

function sendJson(res: ServerResponse, status: number, body: object, cors: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...cors, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** node:http's options for reaching the upstream, and a name for it in log lines. */
function connectOptions(upstream: RestUpstream): { target: RequestOptions; name: string } {
  if ('socketPath' in upstream) return { target: { socketPath: upstream.socketPath }, name: upstream.socketPath };
  const url = new URL(upstream.url);
  return { target: { host: url.hostname, port: url.port }, name: upstream.url };
}

export function restPassThrough({
  upstream,
  keys,
  maxBodyBytes,
  regexFilterSlots,
}: RestPassThroughOptions): DirectRoute {
  const { target, name: upstreamName } = connectOptions(upstream);
  const regexGate = regexFilterGate(regexFilterSlots);
  // Connections to PostgREST are kept and reused, as Kong keeps its upstream connections, and
  // closed after 4 s idle, well before PostgREST would close them under a request being sent.
  const agent = new Agent({ keepAlive: true, timeout: 4000 });

  function forward(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? PREFIX;
    const queryAt = url.indexOf('?');
    const search = queryAt < 0 ? '' : url.slice(queryAt);
    const path = url.slice(PREFIX.length, queryAt < 0 ? undefined : queryAt) || '/';
    const cors = corsHeaderValues(req.headers.origin);
    const apikey = req.headers.apikey;
    const checked = checkKey(typeof apikey === 'string' ? apikey : new URLSearchParams(search).get('apikey'), keys);
    if (!('key' in checked)) {
      sendJson(res, 401, checked, cors);
      return;
    }
    if (declaredTooLarge(req.headers, maxBodyBytes)) {
      closeAfterAnswer(req, res);
      sendJson(res, 413, { message: gatewayTooLargeMessage(maxBodyBytes) }, cors);
      return;
    }
    // A pattern that may backtrack for seconds holds a pooled connection until it is cancelled:
    // only a few at once, so the rest of the pool keeps serving everyone else.
    let releaseRegexSlot: (() => void) | undefined;
    if (hasCostlyRegex(search)) {
      releaseRegexSlot = regexGate.tryEnter() ?? undefined;
      if (!releaseRegexSlot) {
        closeAfterAnswer(req, res);
        res.setHeader('retry-after', String(regexRetryAfterSeconds));
        sendJson(res, 429, { message: regexBusyMessage }, cors);
        return;
      }
    }

    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !requestDropped.has(name)) headers[name] = value;
    }
    // As the edge, record the peer (and only it) so rate limits can key on it.
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    // Without a user token the key itself is the JWT PostgREST sees (anon or service_role).
    headers.authorization ??= `Bearer ${checked.key}`;
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';

    const send = (retried: boolean): void => {
      let tooLarge = false;
      const outgoing = httpRequest({
        ...target,
        agent,
        method: req.method,
        path: path + search,
        headers,
      });
      // The slot is PostgREST's connection: held until PostgREST has answered (or failed).
      let retrying = false;
      if (releaseRegexSlot) {
        const release = releaseRegexSlot;
        outgoing.once('close', () => {
          if (!retrying) release();
        });
      }
      outgoing.on('response', (reply) => {
        // The client went away meanwhile (a held slot kept the call going): the answer goes nowhere.
        if (res.destroyed) {
          reply.resume();
          return;
        }
        const replyHeaders: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(reply.headers)) {
          if (value !== undefined && !replyDropped.has(name)) replyHeaders[name] = value;
        }
        Object.assign(replyHeaders, cors);
        // An answer before the body was read whole: the rest must not be taken for a next request.
        if (!req.complete) closeAfterAnswer(req, res);
        res.writeHead(reply.statusCode ?? 502, reply.statusMessage, replyHeaders);
        reply.on('error', (error) => res.destroy(error));
        reply.pipe(res);
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        // Past the cap the 413 answers; a client that went away needs no answer.
        if (tooLarge || res.destroyed) return;
        // A kept connection PostgREST closed just as it was reused: a read is safe to send again.
        if (!retried && !hasBody && outgoing.reusedSocket && error.code === 'ECONNRESET') {
          retrying = true;
          send(true);
          return;
        }
        if (res.headersSent) {
          res.destroy(error);
          return;
        }
        console.error(`[gateway] upstream ${upstreamName} failed: ${String(error)}`);
        sendJson(res, 502, { message: 'An invalid response was received from the upstream server' }, cors);
      });
      // A client that goes away takes its upstream request with it, except a costly regex filter
      // sent whole: PostgreSQL goes on running it, so its slot stays taken until PostgREST answers.
      res.once('close', () => {
        if (!res.writableFinished && (!releaseRegexSlot || !req.complete)) outgoing.destroy();
      });
      if (!hasBody) {
        outgoing.end();
        return;
      }
      let seen = 0;
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen <= maxBodyBytes || tooLarge) return;
        // Past the cap: stop the upload, answer 413, and read no more than closeAfterAnswer allows.
        tooLarge = true;
        req.unpipe(outgoing);
        outgoing.destroy();
        if (res.headersSent) return;
        closeAfterAnswer(req, res);
        sendJson(res, 413, { message: gatewayTooLargeMessage(maxBodyBytes) }, cors);
      });
      req.pipe(outgoing);
    };
    send(false);
  }

  return (req, res) => {
    if (req.method === 'OPTIONS' || !isRestPath(req.url ?? '')) return false;
    try {
      forward(req, res);
    } catch (error) {
      // Nothing above should throw (a header node refuses to send, at most): one 502, not the process.
      console.error('[gateway] /rest/v1:', error);
      if (!res.headersSent)
        sendJson(res, 502, { message: 'An invalid response was received from the upstream server' }, {});
      else res.destroy();
    }
    return true;
  };
}
