/**
 * How a customer chose to pay an order (orders.payment_choice) in the words customers and staff
 * read. The database says the same for the page, PDF and e-mails (private.order_payment_label,
 * migration 20261127100000_seat_holds.sql); this copy serves screens that read the row itself.
 */
export const paymentChoiceLabels = {
  invoice: 'Invoice / bank transfer',
  mpesa_paybill: 'M-Pesa Paybill',
  mpesa_express: 'M-Pesa (pay now on your phone)',
} as const;

export type PaymentChoice = keyof typeof paymentChoiceLabels;

export function paymentChoiceLabel(choice: string): string {
  return Object.hasOwn(paymentChoiceLabels, choice) ? paymentChoiceLabels[choice as PaymentChoice] : choice;
}
