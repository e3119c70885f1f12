import { describe, expect, it } from 'vitest';
import { newsletterMessages } from './newsletter-messages';
import { outcomeFromError, outcomeFromReply } from './newsletter-outcome';

/** What supabase-js's FunctionsHttpError looks like: an Error whose context is the Response. */
function httpError(body: BodyInit | null, status: number) {
  return Object.assign(new Error('Edge Function returned a non-2xx status code'), {
    name: 'FunctionsHttpError',
    context: new Response(body, { status, headers: { 'Content-Type': 'application/json' } }),
  });
}

describe('outcomeFromReply', () => {
  it('is the specified success text when the reply says success', () => {
    expect(outcomeFromReply({ success: true, message: 'anything' })).toEqual({
      ok: true,
      message: 'Successfully subscribed to our newsletter!',
    });
  });

  it("shows the server's message when it reports failure", () => {
    expect(outcomeFromReply({ success: false, message: 'Please enter a valid email address.' })).toEqual({
      ok: false,
      message: 'Please enter a valid email address.',
    });
  });

  it("is 'Failed to subscribe.' when the reply lacks success", () => {
    for (const data of [null, undefined, '', 'ok', {}, { success: 'true' }, { success: 1 }, { message: '  ' }]) {
      expect(outcomeFromReply(data), JSON.stringify(data)).toEqual({ ok: false, message: 'Failed to subscribe.' });
    }
  });
});

describe('outcomeFromError', () => {
  it("reads the server's message from a non-2xx reply", async () => {
    const error = httpError(JSON.stringify({ success: false, message: 'Please enter a valid email address.' }), 400);
    expect(await outcomeFromError(error)).toEqual({ ok: false, message: 'Please enter a valid email address.' });
  });

  it('falls back to the generic text when the reply has no usable message', async () => {
    for (const body of ['<html>Bad gateway</html>', '', JSON.stringify({ error: 'x' }), JSON.stringify(['a'])]) {
      expect(await outcomeFromError(httpError(body, 502)), body).toEqual({
        ok: false,
        message: 'An error occurred. Please try again.',
      });
    }
  });

  it('gives the generic text for network and relay errors and for anything else thrown', async () => {
    const fetchError = Object.assign(new Error('Failed to send a request to the Edge Function'), {
      context: new TypeError('fetch failed'),
    });
    for (const error of [fetchError, new Error('boom'), 'text', null, undefined]) {
      expect(await outcomeFromError(error)).toEqual({ ok: false, message: newsletterMessages.unexpected });
    }
  });

  it('leaves the Response body readable for others', async () => {
    const error = httpError(JSON.stringify({ message: 'Nope' }), 500);
    await outcomeFromError(error);
    expect(error.context.bodyUsed).toBe(false);
  });
});
