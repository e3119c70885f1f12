/**
 * Payment receipts for finance: an order's (its admin page) or the latest ones (/admin/tax-documents).
 * RLS lets finance (and admin) read them (private.staff_may('payment_receipts')); other roles read none.
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const listPaymentReceiptsInput = z.object({ orderId: z.uuid().optional() });

/** How many of the latest receipts /admin/tax-documents shows. */
export const LATEST_RECEIPTS = 50;

export async function listPaymentReceipts(input: z.input<typeof listPaymentReceiptsInput>) {
  const { orderId } = listPaymentReceiptsInput.parse(input);
  const supabase = await staffSupabase();
  const query = supabase
    .from('payment_receipts')
    .select('id, document_number, method, reference, currency, amount, balance, paid_at, order_id, orders(reference)');
  const { data, error } = orderId
    ? await query.eq('order_id', orderId).order('number')
    : await query.order('number', { ascending: false }).limit(LATEST_RECEIPTS);
  if (error) throw error;
  return data;
}

export type PaymentReceiptRow = Awaited<ReturnType<typeof listPaymentReceipts>>[number];
