/**
 * Edge functions through the whole local stack, as the site calls them: unmodified supabase-js ->
 * gateway -> functions runner (404 for an unknown function, verify_jwt, CORS). The newsletter's
 * own behaviour (double opt-in, throttle, bodies) is in newsletter.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { corsHeaders as sdkCorsHeaders } from '@supabase/supabase-js/cors';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackInfo, type StackInfo } from './stack-info.ts';

const fn = 'send-newsletter-subscription-email';

let stack: StackInfo;
let visitor: SupabaseClient<Database>;
let admin: SupabaseClient<Database>;

beforeAll(() => {
  stack = stackInfo();
  const auth = { persistSession: false, autoRefreshToken: false };
  visitor = createClient<Database>(stack.apiUrl, stack.anonKey, { auth });
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth });
});

/** A fresh address per test, so tests never see each other's rows or mail. */
const newAddress = () => `news-${randomUUID()}@example.com`;

async function rows(email: string) {
  const { data, error } = await admin
    .from('newsletter_subscribers')
    .select('email, source, unsubscribed_at')
    .eq('email', email);
  expect(error).toBeNull();
  return data ?? [];
}

/** The status and JSON body of a failed invoke (supabase-js hands back the raw Response). */
async function failure(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

describe('send-newsletter-subscription-email', () => {
  it('answers an unknown function with the platform 404', async () => {
    const { error } = await visitor.functions.invoke('no-such-function', { body: {} });
    expect(await failure(error)).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Requested function was not found' },
    });
  });

  it('refuses a token not signed by the project (verify_jwt) before the function runs', async () => {
    const email = newAddress();
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-project-secret-but-long-enough-32'));
    const { error } = await visitor.functions.invoke(fn, {
      body: { email },
      headers: { Authorization: `Bearer ${forged}` },
    });
    expect(await failure(error)).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
    expect(await rows(email)).toEqual([]);
  });

  it('lets a browser call it cross-origin: preflight with every header supabase-js sends', async () => {
    const origin = 'http://127.0.0.1:3000';
    const requested = sdkCorsHeaders['Access-Control-Allow-Headers'] ?? '';
    expect(requested).toContain('x-client-info');
    const preflight = await fetch(`${stack.apiUrl}/functions/v1/${fn}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': requested },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toMatch(new RegExp(`^(\\*|${origin})$`));
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim());
    expect(allowed).toEqual(expect.arrayContaining(requested.split(',').map((h) => h.trim())));

    const post = await fetch(`${stack.apiUrl}/functions/v1/${fn}`, {
      method: 'POST',
      headers: {
        origin,
        authorization: `Bearer ${stack.anonKey}`,
        apikey: stack.anonKey,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: newAddress() }),
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toMatch(new RegExp(`^(\\*|${origin})$`));
  });
});
