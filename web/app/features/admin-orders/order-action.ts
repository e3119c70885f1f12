/**
 * The clientAction of an order's page: each write staff make there (its status, the payment
 * reference, the verdict on the customer's M-Pesa code, resending the confirmation, keeping the
 * seats longer, asking M-Pesa about a prompt) by intent, through its api function, with a toast
 * either way; the router then reads the order again.
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { describeDbError } from '../../components/admin/describe-db-error';
import { checkMpesaCode, mpesaCodeVerdicts } from './api/check-mpesa-code';
import { extendHold } from './api/extend-hold';
import { getOrderLabel } from './api/get-order-label';
import { paymentMethods, recordPayment } from './api/record-payment';
import { requeryAttempt } from './api/requery-attempt';
import { resendConfirmation } from './api/resend-confirmation';
import { setOrderStatus } from './api/set-order-status';
import { orderStatuses, statusLabels } from './order-status';

/** How much longer "Keep the seats" keeps them. */
export const holdExtensionHours = 24;

const orderIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('status'), to: z.enum(orderStatuses) }),
  z.object({ intent: z.literal('payment'), method: z.enum(paymentMethods), reference: z.string() }),
  z.object({ intent: z.literal('mpesa-code'), verdict: z.enum(mpesaCodeVerdicts) }),
  z.object({ intent: z.literal('resend') }),
  z.object({ intent: z.literal('extend-hold') }),
  z.object({ intent: z.literal('requery'), attemptId: z.uuid() }),
]);
export type OrderIntent = z.input<typeof orderIntent>;

/** A re-query's answer, kept above the attempts list (the row's button goes once settled). */
export type RequeryResult = { intent: 'requery'; ok: boolean; message: string };

/** Runs a write, then names the order in the toast by what `words` makes of its label. */
function labelled(
  intent: string,
  id: string,
  write: () => Promise<void>,
  words: (label: Awaited<ReturnType<typeof getOrderLabel>>) => string,
): Promise<ActionResult> {
  return toastedAction(intent, async () => {
    const [, label] = await Promise.all([write(), getOrderLabel({ id })]);
    return words(label);
  });
}

export async function orderAction(id: string, body: unknown): Promise<ActionResult | RequeryResult> {
  const parsed = orderIntent.safeParse(body);
  if (!parsed.success) {
    const words = 'This change is not one the order page makes. Reload the page and try again.';
    void toastError(words);
    return { intent: 'unknown', ok: false, error: words };
  }
  const request = parsed.data;
  switch (request.intent) {
    case 'status':
      return labelled(
        request.intent,
        id,
        () => setOrderStatus({ id, status: request.to }),
        (order) => `Order ${order.reference} is now ${statusLabels[request.to].toLowerCase()}.`,
      );
    case 'payment':
      return labelled(
        request.intent,
        id,
        () => recordPayment({ id, method: request.method, reference: request.reference }),
        (order) => `Payment reference recorded on ${order.reference}.`,
      );
    case 'mpesa-code':
      return labelled(
        request.intent,
        id,
        () => checkMpesaCode({ id, verdict: request.verdict }),
        (order) => `M-Pesa code ${order.mpesa_code ?? ''} marked ${request.verdict}.`,
      );
    case 'resend':
      return labelled(
        request.intent,
        id,
        () => resendConfirmation({ id }),
        (order) => `The confirmation e-mail to ${order.customer_email} is queued.`,
      );
    case 'extend-hold':
      return labelled(
        request.intent,
        id,
        () => extendHold({ id, hours: holdExtensionHours }),
        (order) => `Order ${order.reference} keeps its seats ${holdExtensionHours} hours longer.`,
      );
    case 'requery': {
      const outcome = await requeryAttempt({ attemptId: request.attemptId }).catch((error: unknown) => ({
        ok: false as const,
        message: describeDbError(error),
      }));
      void (outcome.ok ? toastSuccess(outcome.message) : toastError(outcome.message));
      return { intent: 'requery', ok: outcome.ok, message: outcome.message };
    }
  }
}
