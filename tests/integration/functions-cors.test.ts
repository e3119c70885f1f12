/**
 * Edge functions own their CORS, as on the hosted platform: a real Chromium on another origin
 * calls functions through the gateway the way supabase-js does (apikey, authorization and JSON
 * content type, so the browser sends a preflight first). A function without CORS handling fails
 * there; the newsletter function, which answers its own preflight, passes.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsHandler, type FunctionsRunner } from '../../local/functions/index.ts';
import { createGateway } from '../../local/gateway/index.ts';
import { regexFilterSlots } from '../../local/postgrest/index.ts';
import { serve, type ServedHandler } from '../../local/http/serve.ts';
import { chromiumFlags, chromiumPath } from '../support/chromium.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

const fixtureFunctions = join(import.meta.dirname, '../../local/functions/fixtures/supabase/functions');

let stack: StackInfo;
let fixtureFunctionsRunner: FunctionsRunner;
let fixturesGateway: ServedHandler;
let otherOrigin: ServedHandler;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = stackInfo();
  // The same gateway and functions runner as the stack's, serving the test-only functions.
  fixtureFunctionsRunner = createFunctionsHandler({
    functionsDir: fixtureFunctions,
    jwtSecret: stack.jwtSecret,
    env: {},
  });
  const routes = createGateway({
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    rest: { url: 'http://127.0.0.1:1' },
    regexFilterSlots,
    auth: async () => new Response(null, { status: 404 }),
    storage: async () => new Response(null, { status: 404 }),
    functions: fixtureFunctionsRunner.handle,
  });
  fixturesGateway = await serve(routes.handle, {
    port: 0,
    service: 'fixtures gateway',
    direct: routes.direct,
    maxBodyBytes: 1024 * 1024,
  });
  // A page served from another port is another origin, so its calls to the gateway are cross-origin.
  otherOrigin = await serve(
    async () =>
      new Response('<!doctype html><title>another site</title>', { headers: { 'content-type': 'text/html' } }),
    { port: 0, service: 'other origin', maxBodyBytes: 1024 },
  );
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
  page = await browser.newPage();
  await page.goto(otherOrigin.url);
});

afterAll(async () => {
  await browser?.close();
  await otherOrigin?.close();
  await fixturesGateway?.close();
  await fixtureFunctionsRunner?.stop();
});

type Outcome = { resolved: true; status: number; body: unknown } | { resolved: false; error: string };

/** fetch() in the page with the headers supabase-js sends to a function. */
function browserPost(url: string, body: unknown): Promise<Outcome> {
  return page.evaluate(
    async ({ url, key, body }) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { resolved: true as const, status: response.status, body: (await response.json()) as unknown };
      } catch (error) {
        return { resolved: false as const, error: String(error) };
      }
    },
    { url, key: stack.anonKey, body },
  );
}

describe('edge functions and CORS through the gateway', () => {
  it('a function without its own CORS handling fails a browser preflight, though it works', async () => {
    const url = `${fixturesGateway.url}/functions/v1/no-cors`;
    // Outside a browser the function answers: the browser's failure is CORS and nothing else.
    const direct = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual({ method: 'POST', reached: true });

    expect(await browserPost(url, {})).toEqual({ resolved: false, error: 'TypeError: Failed to fetch' });
  });

  it('the newsletter function answers its own preflight, so the browser gets its JSON', async () => {
    const outcome = await browserPost(`${stack.apiUrl}/functions/v1/send-newsletter-subscription-email`, {
      email: `cors-${randomUUID()}@example.com`,
    });
    expect(outcome).toEqual({
      resolved: true,
      status: 200,
      body: { success: true, message: 'Successfully subscribed to our newsletter!' },
    });
  });

  it("the browser can read the newsletter function's error replies too", async () => {
    const outcome = await browserPost(`${stack.apiUrl}/functions/v1/send-newsletter-subscription-email`, {
      email: 'not-an-address',
    });
    expect(outcome).toEqual({
      resolved: true,
      status: 400,
      body: { success: false, message: 'Please enter a valid email address.' },
    });
  });
});
