/**
 * CORS as Supabase's API gateway answers it: any origin, the client's requested headers allowed.
 * Hand-written: Kong answers a preflight 200 (hono/cors answers 204).
 */

const allowedHeaders =
  'authorization, x-client-info, apikey, content-type, x-supabase-api-version, accept-profile, content-profile, prefer, range, x-upsert, accept';
const exposedHeaders =
  'content-range, content-location, x-supabase-api-version, x-sb-error-code, range-unit, preference-applied';

/** The CORS headers of an answer to a request from `origin` (none: any). */
export function corsHeaderValues(origin: string | null | undefined): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': exposedHeaders,
    vary: 'Origin',
  };
}

export function corsHeaders(request: Request): Headers {
  return new Headers(corsHeaderValues(request.headers.get('origin')));
}

export function preflight(request: Request): Response {
  const headers = corsHeaders(request);
  headers.set('access-control-allow-methods', 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS');
  headers.set('access-control-allow-headers', request.headers.get('access-control-request-headers') ?? allowedHeaders);
  headers.set('access-control-max-age', '3600');
  return new Response(null, { status: 200, headers });
}

/** Copies the response with CORS headers added (upstream responses have immutable headers). */
export function withCors(request: Request, response: Response): Response {
  const headers = new Headers(response.headers);
  corsHeaders(request).forEach((value, name) => headers.set(name, value));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
