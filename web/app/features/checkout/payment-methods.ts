/** The two ways to pay an order, as create_order takes them, with the names customers see. */
export const PAYMENT_METHODS = ['invoice', 'mpesa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  invoice: 'Invoice / bank transfer',
  mpesa: 'M-Pesa Paybill',
};

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return value === 'invoice' || value === 'mpesa';
}
