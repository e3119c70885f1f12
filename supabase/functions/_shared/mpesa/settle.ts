/** Settles an attempt through public.settle_mpesa_attempt (one transaction: attempt, order, receipt e-mail). */
import type { AdminClient } from '../supabase-admin.ts';

const outcomes = ['paid', 'failed', 'not_pending', 'wrong_amount'] as const;
export type Settled = (typeof outcomes)[number];

export async function settleAttempt(
  admin: AdminClient,
  input: {
    checkoutRequestId: string;
    resultCode: number;
    resultDesc: string;
    receipt: string | null;
    amount: number;
    by: 'callback' | 'query';
  },
): Promise<Settled> {
  const { data, error } = await admin.rpc('settle_mpesa_attempt', {
    checkout_request_id: input.checkoutRequestId,
    result_code: input.resultCode,
    result_desc: input.resultDesc,
    paid_amount: input.amount,
    settled_by: input.by,
    ...(input.receipt === null ? {} : { receipt: input.receipt }),
  });
  if (error) throw new Error(`settle_mpesa_attempt failed: ${error.message} (${error.code})`);
  const outcome = outcomes.find((o) => o === data);
  if (!outcome) throw new Error(`settle_mpesa_attempt answered ${String(data)}`);
  return outcome;
}
