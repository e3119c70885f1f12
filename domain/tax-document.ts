/**
 * A tax document (public.tax_documents, issue 29) in words: what its kind is called, and how a
 * customer's link to it reads with its eTIMS state. The PDF, the confirmation page, the account and
 * the finance screens name tax documents through this module.
 */

export type TaxDocumentKind = 'tax_invoice' | 'credit_note';
export type EtimsStatus = 'awaiting' | 'registered' | 'failed';

export const TAX_DOCUMENT_KIND_WORDS: Record<TaxDocumentKind, string> = {
  tax_invoice: 'Tax invoice',
  credit_note: 'Credit note',
};

/** eTIMS's state for the customer, in brackets: a failed one is still being seen to by finance, so it reads "awaiting". */
const customerStatusWords: Record<EtimsStatus, string> = {
  registered: '(registered with KRA eTIMS)',
  awaiting: '(awaiting eTIMS registration)',
  failed: '(awaiting eTIMS registration)',
};

export interface TaxDocumentLink {
  id: string;
  /** e.g. "Tax invoice INV-000001 (PDF)". */
  label: string;
  /** Its eTIMS state in words, in brackets: "(registered with KRA eTIMS)". */
  status: string;
  href: string;
}

export function taxDocumentLabel(document: {
  id: string;
  kind: TaxDocumentKind;
  document_number: string;
  etims_status: EtimsStatus;
}): Omit<TaxDocumentLink, 'href'> {
  return {
    id: document.id,
    label: `${TAX_DOCUMENT_KIND_WORDS[document.kind]} ${document.document_number} (PDF)`,
    status: customerStatusWords[document.etims_status],
  };
}
