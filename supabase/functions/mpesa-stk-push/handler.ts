/**
 * mpesa-stk-push: asks Daraja to send the M-Pesa prompt for an order to the customer's phone.
 * `POST /functions/v1/mpesa-stk-push` with `{ token, phone }` (the order's confirmation token and
 * the M-Pesa number as typed), from the confirmation page with the anon key. Answers
 * `{ status: 'pending', amount, phone }` (phone masked) or `{ field?, reason, message }`.
 */
import { z } from 'zod';
import { refusalOf } from '../../../domain/refusal.ts';
import { json, preflight } from '../_shared/http.ts';
import { accountReference, mpesaAmount } from '../_shared/mpesa/amount.ts';
import { DarajaError } from '../_shared/mpesa/daraja-client.ts';
import { maskPhone, normaliseMpesaPhone } from '../_shared/mpesa/phone.ts';
import { callbackUrl, darajaClient } from '../_shared/mpesa/settings.ts';
import { createAdminClient, type AdminClient } from '../_shared/supabase-admin.ts';

const input = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/), phone: z.string().max(40) });

const refusal = (status: number, reason: string, message: string, field?: string) =>
  json({ ...(field ? { field } : {}), reason, message }, status);

async function readInput(req: Request): Promise<z.infer<typeof input> | undefined> {
  try {
    const parsed = input.safeParse(await req.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function findOrder(admin: AdminClient, token: string) {
  const { data, error } = await admin
    .from('orders')
    .select('id, reference, status, payment_method, currency, total_kes, total_usd, kes_per_usd')
    .eq('confirmation_token', token)
    .maybeSingle();
  if (error) throw new Error(`could not read the order: ${error.message} (${error.code})`);
  return data;
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return json({ message: 'Method not allowed.' }, 405, { Allow: 'POST, OPTIONS' });
  const body = await readInput(req);
  if (!body) return refusal(400, 'invalid_request', 'Send { token, phone } as JSON.');
  const phone = normaliseMpesaPhone(body.phone);
  if (!phone)
    return refusal(
      400,
      'invalid_phone',
      'Please enter an M-Pesa number, e.g. 0712 345 678 or +254 712 345 678.',
      'phone',
    );

  const admin = createAdminClient();
  const order = await findOrder(admin, body.token);
  if (!order) return refusal(404, 'order_not_found', 'Order not found.');
  if (order.payment_method !== 'mpesa')
    return refusal(409, 'not_mpesa_order', 'This order is paid by invoice / bank transfer.');
  // Awaiting payment: pending, or confirmed by staff (the admin's order workflow).
  if (order.status !== 'pending' && order.status !== 'confirmed')
    return refusal(409, 'order_closed', 'This order is already paid or cancelled.');
  if (order.currency !== 'USD' && order.currency !== 'KES')
    throw new Error(`order ${order.id} has currency ${order.currency}`);
  const amount = mpesaAmount({ ...order, currency: order.currency });

  const { data: attempt, error } = await admin.rpc('begin_mpesa_attempt', { target_order: order.id, phone, amount });
  if (error) {
    // Limits (per order, per phone) are 429, the order's state a conflict (409); each says why.
    const refused = refusalOf(error);
    if (refused?.reason && !refused.throttled)
      return refusal(refused.reason.startsWith('too_many_') ? 429 : 409, refused.reason, refused.message);
    throw new Error(`begin_mpesa_attempt failed: ${error.message} (${error.code})`);
  }

  let ids: { merchantRequestId: string; checkoutRequestId: string };
  try {
    ids = await darajaClient().push({
      amount,
      phone,
      callbackUrl: callbackUrl(),
      accountReference: accountReference(order.reference),
      description: 'Ascent order',
    });
  } catch (pushError) {
    // Nothing is waiting on the phone that we could match later: close the attempt so a new one may start.
    const refused = pushError instanceof DarajaError;
    console.error('[mpesa-stk-push] the push failed:', pushError);
    const { error: failError } = await admin.rpc('fail_mpesa_push', {
      attempt,
      reason: pushError instanceof Error ? pushError.message : String(pushError),
      how: refused ? 'push_refused' : 'no_answer',
    });
    if (failError) console.error('[mpesa-stk-push] could not close the attempt:', failError);
    return refusal(
      502,
      'push_failed',
      refused && pushError.errorCode === '500.001.1001' && /lock subscriber/i.test(pushError.message)
        ? 'Your phone is still answering another M-Pesa request. Please finish or cancel it, then try again.'
        : 'M-Pesa could not send the payment request right now. Please try again in a moment.',
    );
  }
  const { error: recordError } = await admin.rpc('record_mpesa_push', {
    attempt,
    merchant_request_id: ids.merchantRequestId,
    checkout_request_id: ids.checkoutRequestId,
  });
  // The prompt is on the phone: the reconciliation job cannot find it without the id, so say so loudly.
  if (recordError) throw new Error(`record_mpesa_push failed for ${ids.checkoutRequestId}: ${recordError.message}`);
  return json({ status: 'pending', amount, phone: maskPhone(phone) });
}

export default async function handler(req: Request): Promise<Response> {
  try {
    return await handle(req);
  } catch (error) {
    console.error('[mpesa-stk-push] failed:', error);
    return refusal(
      500,
      'server_error',
      'The payment request could not be sent right now. Please try again in a moment.',
    );
  }
}
