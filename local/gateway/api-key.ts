/** The gateway's key check: requests must carry the project's anon or service_role key as `apikey`. */

export type ApiKeyResult = { ok: true; key: string } | { ok: false; response: Response };

function unauthorized(message: string, hint: string): ApiKeyResult {
  return { ok: false, response: Response.json({ message, hint }, { status: 401 }) };
}

export function checkApiKey(request: Request, validKeys: readonly string[]): ApiKeyResult {
  const key = request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey');
  if (!key) return unauthorized('No API key found in request', 'No `apikey` request header or url param was found.');
  if (!validKeys.includes(key)) {
    return unauthorized('Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
  }
  return { ok: true, key };
}
