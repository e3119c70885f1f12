/**
 * mpesa-callback: receives Daraja's STK callback (`POST ...?token=<MPESA_CALLBACK_TOKEN>`,
 * verify_jwt = false). Nothing in it is trusted on its word: the URL token must be this
 * deployment's, the CheckoutRequestID must be a push we made that is still pending, a success's
 * amount must equal what we asked, and the success is confirmed with an STK query before the
 * order is marked paid. A replay finds the attempt settled and changes nothing.
 */
import { Buffer } from 'node:buffer';
import { createHash, timingSafeEqual } from 'node:crypto';
import { requireEnv } from '../_shared/env.ts';
import { parseStkCallback } from '../_shared/mpesa/callback.ts';
import { darajaClient } from '../_shared/mpesa/settings.ts';
import { settleAttempt } from '../_shared/mpesa/settle.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';

/** Daraja's documented acknowledgement; refusals use the same shape with a non-zero code. */
function reply(status: number, resultCode: number, resultDesc: string): Response {
  return Response.json({ ResultCode: resultCode, ResultDesc: resultDesc }, { status });
}

const digest = (value: string) => createHash('sha256').update(Buffer.from(value, 'utf8')).digest();

function tokenMatches(req: Request): boolean {
  const given = new URL(req.url).searchParams.get('token') ?? '';
  return timingSafeEqual(digest(given), digest(requireEnv('MPESA_CALLBACK_TOKEN'))) && given !== '';
}

const maxBodyBytes = 16 * 1024;

async function readBody(req: Request): Promise<unknown> {
  // Daraja's bodies are well under 2 KB: refuse a large one before reading it.
  if (Number(req.headers.get('content-length') ?? 0) > maxBodyBytes) return undefined;
  const text = await req.text();
  if (text.length > maxBodyBytes) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function handle(req: Request): Promise<Response> {
  if (req.method !== 'POST') return new Response('Method not allowed.', { status: 405, headers: { Allow: 'POST' } });
  if (!tokenMatches(req)) return reply(401, 1, 'Refused: not this deployment’s callback URL.');
  const result = parseStkCallback(await readBody(req));
  if ('error' in result) return reply(400, 1, `Refused: ${result.error}.`);

  const admin = createAdminClient();
  const { data: attempt, error } = await admin
    .from('mpesa_payment_attempts')
    .select('id, amount, status, merchant_request_id')
    .eq('checkout_request_id', result.checkoutRequestId)
    .maybeSingle();
  if (error) throw new Error(`could not read the attempt: ${error.message} (${error.code})`);
  if (!attempt || attempt.merchant_request_id !== result.merchantRequestId)
    return reply(404, 1, 'Refused: no payment request with this CheckoutRequestID.');
  // A repeated or replayed callback: the outcome is already recorded.
  if (attempt.status !== 'pending') return reply(200, 0, 'Already processed.');

  if (!result.ok) {
    await settleAttempt(admin, { ...result, receipt: null, amount: attempt.amount, by: 'callback' });
    return reply(200, 0, 'Accepted.');
  }
  if (result.amount !== attempt.amount) {
    console.error(`[mpesa-callback] ${result.checkoutRequestId}: amount ${result.amount}, asked ${attempt.amount}`);
    return reply(409, 1, 'Refused: the amount is not what was asked.');
  }
  // Confirm with Daraja itself before the order is paid.
  const confirmed = await darajaClient().query(result.checkoutRequestId);
  if (confirmed.state === 'processing') return reply(409, 1, 'Refused: Daraja has not confirmed this payment.');
  if (confirmed.resultCode !== 0) {
    await settleAttempt(admin, {
      checkoutRequestId: result.checkoutRequestId,
      resultCode: confirmed.resultCode,
      resultDesc: confirmed.resultDesc,
      receipt: null,
      amount: attempt.amount,
      by: 'query',
    });
    return reply(409, 1, 'Refused: Daraja reports this payment as not completed.');
  }
  const settled = await settleAttempt(admin, { ...result, amount: attempt.amount, by: 'callback' });
  return settled === 'paid' || settled === 'not_pending'
    ? reply(200, 0, 'Accepted.')
    : reply(409, 1, `Refused: ${settled}.`);
}

export default async function handler(req: Request): Promise<Response> {
  try {
    return await handle(req);
  } catch (error) {
    console.error('[mpesa-callback] failed:', error);
    // The attempt stays pending: the reconciliation job settles it with an STK query.
    return reply(500, 1, 'Could not process the callback now.');
  }
}
