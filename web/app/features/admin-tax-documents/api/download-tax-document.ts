/**
 * A tax invoice's or credit note's PDF for finance staff, from the tax-document-pdf function with the
 * staff member's own session (the same PDF the customer downloads and is mailed).
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const downloadTaxDocumentInput = z.object({ documentId: z.uuid() });

export async function downloadTaxDocument(input: z.input<typeof downloadTaxDocumentInput>): Promise<Blob> {
  const { documentId } = downloadTaxDocumentInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.functions.invoke<Blob>('tax-document-pdf', { body: { id: documentId } });
  if (error) throw new Error('The document could not be made just now. Try again in a moment.');
  if (!(data instanceof Blob)) throw new Error('The document service answered something other than a PDF.');
  return data;
}
