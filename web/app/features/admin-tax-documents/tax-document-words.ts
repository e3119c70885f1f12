/** Staff's words for a tax document's kind and eTIMS state. */
export const kindWords = { tax_invoice: 'Tax invoice', credit_note: 'Credit note' } as const;

export const etimsStatusWords = {
  awaiting: 'Awaiting eTIMS',
  registered: 'Registered',
  failed: 'Refused by eTIMS',
} as const;
