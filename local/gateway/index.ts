/**
 * The local API gateway (hosted Supabase's Kong): /rest/v1 to PostgREST, /auth/v1 to the auth
 * server and /storage/v1 to the storage server, with the apikey check and CORS; /functions/v1 to
 * the functions runner, untouched.
 */
import { MiB, withBodyLimit } from '../http/body-limit.ts';
import { gatewayTooLarge, type RequestHandler } from '../http/serve.ts';
import { checkApiKey } from './api-key.ts';
import { preflight, withCors } from './cors.ts';
import { proxyTo } from './proxy.ts';

export interface GatewayOptions {
  anonKey: string;
  serviceRoleKey: string;
  restUrl: string;
  auth: RequestHandler;
  functions: RequestHandler;
  storage: RequestHandler;
  /** The largest body passed to PostgREST (it has no cap of its own); default 10 MiB. */
  restMaxBodyBytes?: number;
}

/** Auth routes a browser reaches by redirect (e-mail links, OAuth), which cannot carry a key. */
const openAuthPaths = new Set(['/verify', '/callback', '/authorize', '/health']);

/** The request with `prefix` cut from its path, for a service mounted below that prefix. */
function strip(request: Request, prefix: string): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  const init = { method: request.method, headers: new Headers(request.headers), body: request.body, duplex: 'half' };
  return new Request(url, init as RequestInit);
}

export function createGateway(options: GatewayOptions): RequestHandler {
  const keys = [options.anonKey, options.serviceRoleKey];
  // Auth, storage and functions cap their own bodies; PostgREST would read any size.
  const rest = withBodyLimit(proxyTo(options.restUrl), options.restMaxBodyBytes ?? 10 * MiB, gatewayTooLarge);

  async function route(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/auth/v1/')) {
      const inner = strip(request, '/auth/v1');
      if (!openAuthPaths.has(new URL(inner.url).pathname)) {
        const check = checkApiKey(request, keys);
        if (!check.ok) return check.response;
      }
      return options.auth(inner);
    }
    if (path.startsWith('/rest/v1/') || path === '/rest/v1') {
      const check = checkApiKey(request, keys);
      if (!check.ok) return check.response;
      const inner = strip(request, '/rest/v1');
      // Hosted, Cloudflare sets cf-connecting-ip to the client's address, overwriting any sent;
      // here the peer is the last x-forwarded-for entry (serve appends it), so drop a forged one.
      inner.headers.delete('cf-connecting-ip');
      // Without a user token the key itself is the JWT PostgREST sees (anon or service_role).
      if (!inner.headers.has('authorization')) inner.headers.set('authorization', `Bearer ${check.key}`);
      return rest(inner);
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

  return async (request) => {
    if (new URL(request.url).pathname.startsWith('/functions/v1/')) {
      // As on the platform, a function checks the JWT itself (verify_jwt) and owns its CORS:
      // preflights and replies pass through as they are, so one without CORS fails in browsers here too.
      return options.functions(strip(request, '/functions/v1'));
    }
    if (request.method === 'OPTIONS') return preflight(request);
    return withCors(request, await route(request));
  };
}
