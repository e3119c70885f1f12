/**
 * The handler's answers that need no database: CORS preflight (on hosted Supabase the function
 * answers it itself; locally the gateway does), wrong method, invalid input. The database and mail
 * paths are tested against the whole stack in tests/integration/functions.test.ts.
 */
import { corsHeaders as sdkCorsHeaders } from '@supabase/supabase-js/cors';
import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import handler from './handler.ts';
import { bodyMessages, maxBodyBytes } from './request-body.ts';

const url = 'http://127.0.0.1/send-newsletter-subscription-email';
const list = (value: string | null | undefined) => (value ?? '').split(',').map((h) => h.trim());

describe('send-newsletter-subscription-email handler', () => {
  it('answers a CORS preflight with every header supabase-js sends allowed', async () => {
    const response = await handler(new Request(url, { method: 'OPTIONS' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = list(response.headers.get('access-control-allow-headers'));
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-client-info', 'apikey', 'content-type']));
    expect(allowed).toEqual(expect.arrayContaining(list(sdkCorsHeaders['Access-Control-Allow-Headers'])));
  });

  it('refuses other methods than POST', async () => {
    const response = await handler(new Request(url, { method: 'GET' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await response.json()).toEqual({ success: false, message: 'Method not allowed.' });
  });

  it('refuses a missing or invalid address before touching the database', async () => {
    for (const body of ['{"email":"nope"}', '{}', '{"email":42}']) {
      const response = await handler(new Request(url, { method: 'POST', body }));
      expect(response.status, body).toBe(400);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({ success: false, message: 'Please enter a valid email address.' });
    }
  });

  it('refuses a body that is not a JSON object with 400 and says what to send', async () => {
    for (const body of ['not json', '', '[]', '"a@example.com"', '{"email":', '\u00ff']) {
      const response = await handler(new Request(url, { method: 'POST', body }));
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ success: false, message: bodyMessages.malformed });
    }
  });

  it('refuses an oversize body with 413, whether declared or streamed', async () => {
    const big = JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(maxBodyBytes) });
    const declared = await handler(new Request(url, { method: 'POST', body: big }));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ success: false, message: bodyMessages.tooLarge });
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('x'.repeat(512)));
      },
    });
    const streamed = await handler(new Request(url, { method: 'POST', body: stream, duplex: 'half' } as RequestInit));
    expect(streamed.status).toBe(413);
  });

  it('answers 503 with Retry-After, not a crash, while the database cannot be reached', async () => {
    // A port that was just free: nothing listens there, so the connection is refused at once.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    vi.stubEnv('SUPABASE_URL', `http://127.0.0.1:${port}`);
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'unused-key');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await handler(new Request(url, { method: 'POST', body: '{"email":"a@example.com"}' }));
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      expect(await response.json()).toEqual({
        success: false,
        message: 'We could not save your subscription right now. Please try again later.',
      });
    } finally {
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
    }
  });
});
