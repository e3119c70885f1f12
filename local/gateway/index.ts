/**
 * The local API gateway (hosted Supabase's Kong): /rest/v1 to PostgREST (streamed on node:http,
 * rest-pass-through.ts), /auth/v1 to the auth server and /storage/v1 to the storage server, with
 * the apikey check and CORS; /functions/v1 to the functions runner, untouched but for the
 * client's address (client-address.ts: on every route, the socket's peer replaces any sent). Serve it with
 * `serve(gateway.handle, { direct: gateway.direct, ... })`.
 */
import { MiB } from '../http/body-limit.ts';
import type { DirectRoute, RequestHandler } from '../http/serve.ts';
import { checkApiKey } from './api-key.ts';
import { peerOf, setEdgeClientAddress } from './client-address.ts';
import { preflight, withCors } from './cors.ts';
import { restPassThrough, type RestUpstream } from './rest-pass-through.ts';

export interface GatewayOptions {
  anonKey: string;
  serviceRoleKey: string;
  /** PostgREST: its Unix socket (the stack), or an http URL (a stand-in). */
  rest: RestUpstream;
  auth: RequestHandler;
  functions: RequestHandler;
  storage: RequestHandler;
  /** The largest body passed to PostgREST (it has no cap of its own); default 10 MiB. */
  restMaxBodyBytes?: number;
  /** Costly match/imatch filters let through to PostgREST at once (regex-filters.ts). */
  regexFilterSlots: number;
}

/**
 * Auth routes a browser reaches by redirect (e-mail links, OAuth), which cannot carry a key: GET
 * only, so `POST /verify` (a code or token hash, as supabase-js sends it) needs the key too.
 */
const openAuthPaths = new Set(['/verify', '/callback', '/authorize', '/health']);
const keyFree = (request: Request) =>
  (request.method === 'GET' || request.method === 'HEAD') && openAuthPaths.has(new URL(request.url).pathname);

/** The request with `prefix` cut from its path, for a service mounted below that prefix. */
function strip(request: Request, prefix: string): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  const headers = new Headers(request.headers);
  setEdgeClientAddress(headers, peerOf(request));
  const init = { method: request.method, headers, body: request.body, duplex: 'half' };
  return new Request(url, init as RequestInit);
}

export interface Gateway {
  /** /rest/v1 except preflights, before any web Request is built. */
  direct: DirectRoute;
  /** Everything else. */
  handle: RequestHandler;
}

export function createGateway(options: GatewayOptions): Gateway {
  const keys = [options.anonKey, options.serviceRoleKey];
  // Auth, storage and functions cap their own bodies; PostgREST would read any size.
  const direct = restPassThrough({
    upstream: options.rest,
    keys,
    maxBodyBytes: options.restMaxBodyBytes ?? 10 * MiB,
    regexFilterSlots: options.regexFilterSlots,
  });

  async function route(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/auth/v1/')) {
      const inner = strip(request, '/auth/v1');
      if (!keyFree(inner)) {
        const check = checkApiKey(request, keys);
        if (!check.ok) return check.response;
      }
      return options.auth(inner);
    }
    if (path.startsWith('/storage/v1/')) {
      const inner = strip(request, '/storage/v1');
      // Public URLs are plain links (<img src>): they carry no key, on the platform too.
      const publicRead = inner.method === 'GET' || inner.method === 'HEAD';
      if (!(publicRead && new URL(inner.url).pathname.startsWith('/object/public/'))) {
        const check = checkApiKey(request, keys);
        if (!check.ok) return check.response;
        // Without a user token the key itself is the JWT the storage server sees (anon or service_role).
        if (!inner.headers.has('authorization')) inner.headers.set('authorization', `Bearer ${check.key}`);
      }
      return options.storage(inner);
    }
    return Response.json({ message: 'no Route matched with those values' }, { status: 404 });
  }

  const handle: RequestHandler = async (request) => {
    if (new URL(request.url).pathname.startsWith('/functions/v1/')) {
      // As on the platform, a function checks the JWT itself (verify_jwt) and owns its CORS:
      // preflights and replies pass through as they are, so one without CORS fails in browsers here too.
      return options.functions(strip(request, '/functions/v1'));
    }
    if (request.method === 'OPTIONS') return preflight(request);
    return withCors(request, await route(request));
  };
  return { direct, handle };
}
