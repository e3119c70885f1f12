/**
 * The M-Pesa payment of an order as its confirmation page polls it (get_mpesa_payment, by token),
 * checked by hand rather than with zod: this page's JavaScript budget has no room for a schema library.
 */
import { postToSupabase } from '../../lib/supabase/supabase-http';

const attemptStatuses = ['requesting', 'pending', 'succeeded', 'failed'] as const;

export interface PaymentState {
  order_status: string;
  payment_method: string;
  receipt: string | null;
  attempt: {
    status: (typeof attemptStatuses)[number];
    result_code: number | null;
    phone: string;
    amount: number;
  } | null;
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const nullableString = (value: unknown) => value === null || typeof value === 'string';

function parseAttempt(value: unknown): PaymentState['attempt'] | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  const status = attemptStatuses.find((s) => s === value.status);
  const { result_code: code, phone, amount } = value;
  if (
    !status ||
    !(code === null || typeof code === 'number') ||
    typeof phone !== 'string' ||
    typeof amount !== 'number'
  )
    return undefined;
  return { status, result_code: code, phone, amount };
}

export function parsePaymentState(value: unknown): PaymentState {
  if (isObject(value) && typeof value.order_status === 'string' && typeof value.payment_method === 'string') {
    const attempt = parseAttempt(value.attempt);
    const receipt = value.receipt;
    if (attempt !== undefined && nullableString(receipt))
      return {
        order_status: value.order_status,
        payment_method: value.payment_method,
        receipt: typeof receipt === 'string' ? receipt : null,
        attempt,
      };
  }
  throw new Error(`get_mpesa_payment answered an unexpected shape: ${JSON.stringify(value)}`);
}

/** Null for an unknown token; throws when the server cannot be asked. */
export async function fetchPaymentState(token: string): Promise<PaymentState | null> {
  const { status, body } = await postToSupabase('/rest/v1/rpc/get_mpesa_payment', { token });
  if (status !== 200) throw new Error(`get_mpesa_payment answered ${status}`);
  return body === null ? null : parsePaymentState(body);
}

export function isWaiting(state: PaymentState | null | undefined): boolean {
  return state?.attempt?.status === 'requesting' || state?.attempt?.status === 'pending';
}
