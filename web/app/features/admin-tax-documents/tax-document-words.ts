/** Staff's words for a tax document's kind and eTIMS state. */
export { TAX_DOCUMENT_KIND_WORDS as kindWords } from '../../../../domain/tax-document';

export const etimsStatusWords = {
  awaiting: 'Awaiting eTIMS',
  registered: 'Registered',
  failed: 'Refused by eTIMS',
} as const;
