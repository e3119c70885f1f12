/** The quotes screen's writes, for its route's clientAction (JSON bodies; the toast says what happened). */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { createAndSendQuote, newQuoteInput, sendQuote, withdrawQuote } from './quotes-api';

export const quoteIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), quote: newQuoteInput }),
  z.object({ intent: z.literal('send'), id: z.uuid(), reference: z.string() }),
  z.object({ intent: z.literal('withdraw'), id: z.uuid(), reference: z.string() }),
]);
export type QuoteIntent = z.input<typeof quoteIntent>;

export function quoteAction(body: unknown): Promise<ActionResult> {
  const parsed = quoteIntent.safeParse(body);
  if (!parsed.success)
    return toastedAction('create', () =>
      Promise.reject(new Error(parsed.error.issues[0]?.message ?? 'Invalid input.')),
    );
  const intent = parsed.data;
  if (intent.intent === 'create')
    return toastedAction('create', async () => {
      await createAndSendQuote(intent.quote);
      return `Sent the quote to ${intent.quote.contactEmail}.`;
    });
  if (intent.intent === 'send')
    return toastedAction(
      'send',
      async () => {
        await sendQuote(intent.id);
        return `Sent ${intent.reference} again.`;
      },
      intent.id,
    );
  return toastedAction(
    'withdraw',
    async () => {
      await withdrawQuote(intent.id);
      return `Withdrew ${intent.reference}: its link now says so.`;
    },
    intent.id,
  );
}
