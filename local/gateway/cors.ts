/** CORS as Supabase's API gateway answers it: any origin, the client's requested headers allowed. */

const allowedHeaders =
  'authorization, x-client-info, apikey, content-type, x-supabase-api-version, accept-profile, content-profile, prefer, range, x-upsert, accept';
const exposedHeaders =
  'content-range, content-location, x-supabase-api-version, x-sb-error-code, range-unit, preference-applied';

export function corsHeaders(request: Request): Headers {
  const headers = new Headers({
    'access-control-allow-origin': request.headers.get('origin') ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': exposedHeaders,
    vary: 'Origin',
  });
  return headers;
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
