/** Sends a failed or waiting tax document to eTIMS again, now (public.retry_tax_document: finance only). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const retryTaxDocumentInput = z.object({ documentId: z.uuid() });

export async function retryTaxDocument(input: z.input<typeof retryTaxDocumentInput>): Promise<void> {
  const { documentId } = retryTaxDocumentInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('retry_tax_document', { document: documentId });
  if (error) throw error;
}
