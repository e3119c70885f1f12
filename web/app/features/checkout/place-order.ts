/**
 * Places the order with create_order, from the browser (orders are throttled per client, so the
 * call must come from the visitor's own connection), through the shared supabase-js client. The
 * function re-reads every price and seat itself; a refusal names the field it belongs to.
 */
import { normaliseKraPin } from '../../../../domain/kra-pin.ts';
import { refusalOf } from '../../../../domain/refusal.ts';
import { PROOF_HEADER, withProof } from '../../lib/proof-of-work/with-proof';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { CheckoutValues } from './checkout-schema';

export type PlaceOrderResult =
  | { ok: true; reference: string; token: string }
  | { ok: false; kind: 'refused'; field: string | null; reason: string | null; message: string }
  | { ok: false; kind: 'throttled'; message: string }
  | { ok: false; kind: 'unreachable'; message: string };

export const UNREACHABLE =
  'We couldn’t reach our server, so we can’t tell whether your order went through. Please try again: the same order is never placed twice.';

export interface OrderLine {
  programId: string;
  quantity: number;
}

/** The call's arguments: contact details, payment, consent, and one item per program (prices are the server's). */
export function orderArguments(values: CheckoutValues, lines: readonly OrderLine[], idempotencyKey: string) {
  return {
    idempotency_key: idempotencyKey,
    buyer_name: values.buyer_name,
    buyer_email: values.buyer_email,
    buyer_phone: values.buyer_phone,
    organisation: values.organisation || undefined,
    po_number: values.po_number || undefined,
    buyer_kra_pin: normaliseKraPin(values.buyer_kra_pin ?? '') || undefined,
    buyer_address: values.buyer_address || undefined,
    voucher_code: values.voucher_code || undefined,
    // The choice as made: create_order records the phone prompt apart from the Paybill.
    payment_method: values.payment_method,
    accepted_terms: values.accepted_terms,
    items: lines.map((line) => ({
      program_id: line.programId,
      intake_id: values.programs[line.programId]?.intake_id || null,
      quantity: line.quantity,
      participants: (values.programs[line.programId]?.participants ?? []).slice(0, line.quantity).map((person) => ({
        name: person.name,
        email: person.email || null,
      })),
    })),
  };
}

export async function placeOrder(args: ReturnType<typeof orderArguments>): Promise<PlaceOrderResult> {
  let client;
  try {
    client = await getBrowserSupabase();
  } catch (error) {
    console.error('[checkout] supabase-js could not load:', error);
    return { ok: false, kind: 'unreachable', message: UNREACHABLE };
  }
  const { data, error } = await withProof(client, (proof) => {
    const call = client.rpc('create_order', args);
    return (proof ? call.setHeader(PROOF_HEADER, proof) : call).single();
  });
  if (error) {
    const refusal = refusalOf(error);
    if (refusal?.throttled) return { ok: false, kind: 'throttled', message: refusal.message };
    if (refusal)
      return { ok: false, kind: 'refused', field: refusal.field, reason: refusal.reason, message: refusal.message };
    console.error('[checkout] create_order failed:', error.code, error.message);
    return { ok: false, kind: 'unreachable', message: UNREACHABLE };
  }
  if (!data?.reference || !data.token) return { ok: false, kind: 'unreachable', message: UNREACHABLE };
  return { ok: true, reference: data.reference, token: data.token };
}
