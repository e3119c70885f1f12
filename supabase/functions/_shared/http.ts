/** JSON replies and CORS for functions the browser calls through supabase-js. */

/**
 * Supabase's recommended CORS headers: the ones supabase-js sends (its `@supabase/supabase-js/cors`
 * list, of which the docs' minimum is authorization, x-client-info, apikey, content-type), plus
 * x-supabase-api-version, and x-client-proof (a solved proof of work, domain/proof-of-work.ts). Kept here
 * rather than imported so the function needs no subpath mapping.
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-supabase-api-version, x-retry-count, traceparent, tracestate, baggage, x-client-proof',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** The answer to a browser's CORS preflight (OPTIONS). */
export function preflight(): Response {
  return new Response('ok', { headers: corsHeaders });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...corsHeaders, ...headers } });
}
