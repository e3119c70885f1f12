/** How a tax invoice or credit note is named beside its download link, for customers and staff alike. */

export interface TaxDocumentLink {
  id: string;
  /** e.g. "Tax invoice INV-000001 (PDF)". */
  label: string;
  /** Its eTIMS state in words, in brackets: "(registered with KRA eTIMS)". */
  status: string;
  href: string;
}

const kindNames = { tax_invoice: 'Tax invoice', credit_note: 'Credit note' } as const;

/** eTIMS's state in words: a failed one is still being seen to by finance, so the customer reads "awaiting". */
const statusWords = {
  registered: '(registered with KRA eTIMS)',
  awaiting: '(awaiting eTIMS registration)',
  failed: '(awaiting eTIMS registration)',
} as const;

export function taxDocumentLabel(document: {
  id: string;
  kind: keyof typeof kindNames;
  document_number: string;
  etims_status: keyof typeof statusWords;
}): Omit<TaxDocumentLink, 'href'> {
  return {
    id: document.id,
    label: `${kindNames[document.kind]} ${document.document_number} (PDF)`,
    status: statusWords[document.etims_status],
  };
}
