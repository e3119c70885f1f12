/** The two ways to pay an order, as create_order takes them, with the names customers see. */
import { paymentChoiceLabels } from '../../lib/payment-choices';

export const PAYMENT_METHODS = ['invoice', 'mpesa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  invoice: paymentChoiceLabels.invoice,
  mpesa: paymentChoiceLabels.mpesa_paybill,
};

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return value === 'invoice' || value === 'mpesa';
}

/**
 * What checkout offers: the two methods, plus M-Pesa Express, an M-Pesa order whose payment
 * request is sent to the customer's phone as soon as it is placed.
 */
export const CHECKOUT_CHOICES = ['invoice', 'mpesa', 'mpesa_express'] as const;
export type CheckoutChoice = (typeof CHECKOUT_CHOICES)[number];

export const checkoutChoiceLabels: Record<CheckoutChoice, string> = {
  ...paymentMethodLabels,
  mpesa_express: paymentChoiceLabels.mpesa_express,
};

export function isCheckoutChoice(value: unknown): value is CheckoutChoice {
  return CHECKOUT_CHOICES.some((choice) => choice === value);
}

/** The order's payment method for a checkout choice. */
export function orderPaymentMethod(choice: CheckoutChoice): PaymentMethod {
  return choice === 'mpesa_express' ? 'mpesa' : choice;
}
