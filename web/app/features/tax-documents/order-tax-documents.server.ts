/**
 * An order's tax invoice and credit notes for its confirmation page (issue 29): listed by the
 * order's confirmation token (get_order_tax_documents), each with its PDF link on the
 * tax-document-pdf function (the same token lets the customer download it).
 */
import { z } from 'zod';
import { serverSupabase } from '../../lib/supabase/server-client.server';
import { taxDocumentLabel, type TaxDocumentLink } from '../../../../domain/tax-document';

const listed = z.array(
  z.object({
    id: z.string(),
    kind: z.enum(['tax_invoice', 'credit_note']),
    document_number: z.string(),
    etims_status: z.enum(['awaiting', 'registered', 'failed']),
  }),
);

/** The order's documents with their download links; an empty list when it has none (or the token is wrong). */
export async function readOrderTaxDocuments(supabaseUrl: string, token: string): Promise<TaxDocumentLink[]> {
  const { data, error } = await serverSupabase()
    .rpc('get_order_tax_documents', { token })
    .abortSignal(AbortSignal.timeout(5_000));
  if (error) {
    console.error('[order] get_order_tax_documents failed:', error.code, error.message);
    throw new Error('Could not read the order’s tax documents');
  }
  return listed.parse(data).map((document) => {
    const href = new URL('/functions/v1/tax-document-pdf', supabaseUrl);
    href.searchParams.set('document', document.id);
    href.searchParams.set('token', token);
    return { ...taxDocumentLabel(document), href: href.href };
  });
}
