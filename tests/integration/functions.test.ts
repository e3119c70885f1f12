/**
 * The newsletter server function through the whole local stack, as the site calls it: unmodified
 * supabase-js -> gateway -> functions runner -> PostgREST -> PostgreSQL, and SMTP -> mail capture.
 */
import { randomUUID } from 'node:crypto';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { corsHeaders as sdkCorsHeaders } from '@supabase/supabase-js/cors';
import { SignJWT } from 'jose';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../../local/env.ts';
import { createFunctionsHandler } from '../../local/functions/index.ts';
import { freePort } from '../../local/http/ports.ts';
import type { CapturedMessage } from '../../local/mail/index.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

const fn = 'send-newsletter-subscription-email';
const welcomeSubject = 'Welcome to the Ascent newsletter';

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

/** Mail to this address in the capture (the function replies only after SMTP accepted it). */
async function mailTo(email: string): Promise<CapturedMessage[]> {
  const response = await fetch(stack.mailApiUrl);
  expect(response.status).toBe(200);
  const messages = (await response.json()) as CapturedMessage[];
  return messages.filter((m) => m.to.includes(email));
}

/** The status and JSON body of a failed invoke (supabase-js hands back the raw Response). */
async function failure(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

describe('send-newsletter-subscription-email', () => {
  it('subscribes a visitor, stores one row and sends one welcome e-mail', async () => {
    const email = newAddress();
    const { data, error } = await visitor.functions.invoke(fn, { body: { email: `  ${email.toUpperCase()} ` } });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, message: 'Successfully subscribed to our newsletter!' });

    expect(await rows(email)).toEqual([{ email, source: 'footer', unsubscribed_at: null }]);
    const mail = await mailTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: welcomeSubject, from: 'Ascent <no-reply@ascent.example>' });
    expect(mail[0]?.text).toContain('Thank you for subscribing');
    // SITE_URL is the website under test: the welcome mail links to it.
    expect(mail[0]?.html).toContain(`<a href="${stack.webUrl}">`);
  });

  it('answers a repeated sign-up with success, without a second row or a second e-mail', async () => {
    const email = newAddress();
    for (const variant of [email, email, email.toUpperCase()]) {
      const { data, error } = await visitor.functions.invoke(fn, { body: { email: variant } });
      expect(error).toBeNull();
      expect(data).toEqual({ success: true, message: 'Successfully subscribed to our newsletter!' });
    }
    expect(await rows(email)).toHaveLength(1);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('stores and mails once when the same address is submitted twice at the same moment', async () => {
    const email = newAddress();
    const results = await Promise.all([1, 2].map(() => visitor.functions.invoke(fn, { body: { email } })));
    for (const { data, error } of results) {
      expect(error).toBeNull();
      expect(data).toMatchObject({ success: true });
    }
    expect(await rows(email)).toHaveLength(1);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('welcomes back, once, an address that had unsubscribed', async () => {
    const email = newAddress();
    expect((await visitor.functions.invoke(fn, { body: { email } })).error).toBeNull();
    const { error } = await admin
      .from('newsletter_subscribers')
      .update({ unsubscribed_at: new Date().toISOString() })
      .eq('email', email);
    expect(error).toBeNull();

    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await visitor.functions.invoke(fn, { body: { email } })).data).toMatchObject({ success: true });
    }
    expect(await rows(email)).toEqual([{ email, source: 'footer', unsubscribed_at: null }]);
    expect(await mailTo(email)).toHaveLength(2);
  });

  it('keeps the subscription and answers success when the welcome e-mail cannot be sent (logged)', async () => {
    // A second runner in this process, same database, but SMTP pointing at a port nobody listens on.
    const runner = createFunctionsHandler({
      functionsDir: join(repoRoot, 'supabase', 'functions'),
      jwtSecret: stack.jwtSecret,
      env: {
        SUPABASE_URL: stack.apiUrl,
        SUPABASE_ANON_KEY: stack.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(await freePort()),
        SMTP_USER: '',
        SMTP_PASS: '',
        MAIL_FROM: 'Ascent <no-reply@ascent.example>',
        SITE_URL: 'http://127.0.0.1:3000',
      },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const email = newAddress();
    const response = await runner(
      new Request(`http://127.0.0.1/${fn}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      }),
    );
    expect(await response.json()).toEqual({ success: true, message: 'Successfully subscribed to our newsletter!' });
    expect(response.status).toBe(200);
    expect(logged).toHaveBeenCalledWith(
      '[send-newsletter-subscription-email] subscription stored but the welcome e-mail failed:',
      expect.objectContaining({ code: 'ESOCKET' }),
    );
    logged.mockRestore();
    expect(await rows(email)).toHaveLength(1);
    expect(await mailTo(email)).toEqual([]);
  });

  it('refuses an invalid address with 400 and stores nothing', async () => {
    for (const body of [{ email: 'not-an-address' }, { email: '' }, { email: 42 }, {}, 'plain text']) {
      const { data, error } = await visitor.functions.invoke(fn, { body });
      expect(data).toBeNull();
      expect(await failure(error), JSON.stringify(body)).toEqual({
        status: 400,
        body: { success: false, message: 'Please enter a valid email address.' },
      });
    }
    expect(await rows('not-an-address')).toEqual([]);
  });

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
