/**
 * A payment receipt (public.payment_receipts, issue 29) in words: how it was paid, what its
 * reference is called, its file name. The PDF, its e-mail, the confirmation page and the finance
 * screens all name receipts through this module.
 */

export type PaymentReceiptMethod = 'mpesa_stk' | 'mpesa_paybill' | 'mpesa_recorded' | 'bank';

export const PAYMENT_METHOD_WORDS: Record<PaymentReceiptMethod, string> = {
  mpesa_stk: 'M-Pesa (prompt on the phone)',
  mpesa_paybill: 'M-Pesa Paybill',
  mpesa_recorded: 'M-Pesa',
  bank: 'Bank transfer',
};

/** What the payment's reference is: M-Pesa's receipt number, or the bank's reference. */
export function paymentReferenceLabel(method: PaymentReceiptMethod): string {
  return method === 'bank' ? 'Bank reference' : 'M-Pesa receipt number';
}

/** A receipt acknowledges money received; the tax invoice is the tax document (eTIMS). */
export const NOT_A_TAX_INVOICE =
  'This receipt is not a tax invoice: the tax invoice for the order is issued separately.';

export function paymentReceiptFileName(documentNumber: string): string {
  return `${documentNumber}-receipt.pdf`;
}

/** The receipt's link beside the tax documents, e.g. "Receipt RCT-000001 (PDF)". */
export function paymentReceiptLabel(documentNumber: string): string {
  return `Receipt ${documentNumber} (PDF)`;
}
