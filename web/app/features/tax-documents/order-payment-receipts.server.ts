/**
 * An order's payment receipts for its confirmation page (issue 29): listed by the order's
 * confirmation token (get_order_payment_receipts), each with its PDF link on the tax-document-pdf
 * function (`?receipt=`, the same token lets the customer download it). They are shown as the tax
 * documents are (the same list on the page), with no eTIMS state: a receipt is not registered.
 */
import { z } from 'zod';
import { paymentReceiptLabel } from '../../../../domain/payment-receipt';
import { serverSupabase } from '../../lib/supabase/server-client.server';
import type { TaxDocumentLink } from '../../../../domain/tax-document';

const listed = z.array(z.object({ id: z.string(), document_number: z.string() }));

/** The order's receipts with their download links; an empty list when it has none (or the token is wrong). */
export async function readOrderPaymentReceipts(supabaseUrl: string, token: string): Promise<TaxDocumentLink[]> {
  const { data, error } = await serverSupabase()
    .rpc('get_order_payment_receipts', { token })
    .abortSignal(AbortSignal.timeout(5_000));
  if (error) {
    console.error('[order] get_order_payment_receipts failed:', error.code, error.message);
    throw new Error('Could not read the order’s payment receipts');
  }
  return listed.parse(data).map((receipt) => {
    const href = new URL('/functions/v1/tax-document-pdf', supabaseUrl);
    href.searchParams.set('receipt', receipt.id);
    href.searchParams.set('token', token);
    return { id: receipt.id, label: paymentReceiptLabel(receipt.document_number), status: '', href: href.href };
  });
}
