/** The gateway's key check: requests must carry the project's anon or service_role key as `apikey`. */

export type ApiKeyResult = { ok: true; key: string } | { ok: false; response: Response };

/** The 401's body as Supabase's gateway words it. */
export interface KeyProblem {
  message: string;
  hint: string;
}

/** The key sent (`apikey` header or url parameter), checked: the key itself, or what is wrong with it. */
export function checkKey(key: string | null | undefined, validKeys: readonly string[]): { key: string } | KeyProblem {
  if (!key)
    return { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
  if (!validKeys.includes(key)) {
    return { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };
  }
  return { key };
}

export function checkApiKey(request: Request, validKeys: readonly string[]): ApiKeyResult {
  const checked = checkKey(request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey'), validKeys);
  return 'key' in checked
    ? { ok: true, key: checked.key }
    : { ok: false, response: Response.json(checked, { status: 401 }) };
}
