/** Parses Daraja's STK callback body (success with CallbackMetadata items in any order, or a failure). */
import { z } from 'zod';

const item = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });

const body = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().min(1).max(100),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
      ResultDesc: z.string().max(500),
      CallbackMetadata: z.object({ Item: z.array(item).max(20) }).optional(),
    }),
  }),
});

export type StkResult =
  | {
      ok: true;
      merchantRequestId: string;
      checkoutRequestId: string;
      resultCode: 0;
      resultDesc: string;
      amount: number;
      receipt: string;
      phone: string | null;
      transactionDate: string | null;
    }
  | {
      ok: false;
      merchantRequestId: string;
      checkoutRequestId: string;
      resultCode: number;
      resultDesc: string;
    };

/** The callback's meaning, or an error string when it is not a callback Daraja would send. */
export function parseStkCallback(input: unknown): StkResult | { error: string } {
  const parsed = body.safeParse(input);
  if (!parsed.success) return { error: 'not an STK callback body' };
  const cb = parsed.data.Body.stkCallback;
  const ids = { merchantRequestId: cb.MerchantRequestID, checkoutRequestId: cb.CheckoutRequestID };
  if (cb.ResultCode !== 0) return { ok: false, ...ids, resultCode: cb.ResultCode, resultDesc: cb.ResultDesc };
  const items = new Map((cb.CallbackMetadata?.Item ?? []).map((i) => [i.Name, i.Value]));
  const amount = Number(items.get('Amount'));
  const receipt = items.get('MpesaReceiptNumber');
  if (!Number.isFinite(amount) || amount <= 0) return { error: 'a success without an Amount' };
  if (typeof receipt !== 'string' || !/^[A-Z0-9]{10}$/.test(receipt))
    return { error: 'a success without an MpesaReceiptNumber' };
  const phone = items.get('PhoneNumber');
  const date = items.get('TransactionDate');
  return {
    ok: true,
    ...ids,
    resultCode: 0,
    resultDesc: cb.ResultDesc,
    amount,
    receipt,
    phone: phone === undefined ? null : String(phone),
    transactionDate: date === undefined ? null : String(date),
  };
}
