/**
 * An order's tax invoice and credit notes for its admin page. RLS lets finance (and admin) read
 * them (private.staff_may('tax_documents')); other roles read none, and the page shows no section.
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const listOrderTaxDocumentsInput = z.object({ orderId: z.uuid() });

export async function listOrderTaxDocuments(input: z.input<typeof listOrderTaxDocumentsInput>) {
  const { orderId } = listOrderTaxDocumentsInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('tax_documents')
    .select('id, kind, document_number, etims_status, issued_at')
    .eq('order_id', orderId)
    .order('issued_at');
  if (error) throw error;
  return data;
}

export type OrderTaxDocument = Awaited<ReturnType<typeof listOrderTaxDocuments>>[number];
