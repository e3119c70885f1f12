/**
 * A payment receipt's PDF for finance staff, from the tax-document-pdf function with the staff
 * member's own session (the same PDF the customer downloads and is mailed).
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const downloadPaymentReceiptInput = z.object({ receiptId: z.uuid() });

export async function downloadPaymentReceipt(input: z.input<typeof downloadPaymentReceiptInput>): Promise<Blob> {
  const { receiptId } = downloadPaymentReceiptInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.functions.invoke<Blob>('tax-document-pdf', { body: { receipt: receiptId } });
  if (error) throw new Error('The receipt could not be made just now. Try again in a moment.');
  if (!(data instanceof Blob)) throw new Error('The document service answered something other than a PDF.');
  return data;
}
