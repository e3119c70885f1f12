/**
 * Two small calls to Supabase's documented HTTP API (an RPC, a function) with the anon key, made
 * with fetch: supabase-js is ~54 KiB gzip, which would take the confirmation page (and /verify) over its
 * 118 KiB JavaScript budget for a poll. Same URL, key and headers supabase-js sends.
 */
import { browserSupabaseEnv } from './browser-env';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export async function postToSupabase(path: string, payload: unknown): Promise<HttpAnswer> {
  const env = browserSupabaseEnv();
  if (!env) throw new Error('the Supabase settings are not configured on this page');
  const response = await fetch(new URL(path, env.supabaseUrl), {
    method: 'POST',
    headers: {
      apikey: env.supabaseAnonKey,
      authorization: `Bearer ${env.supabaseAnonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return { status: response.status, body };
}
