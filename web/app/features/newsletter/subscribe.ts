/** Subscribes an address through the send-newsletter-subscription-email server function. */
import { earnProof, PROOF_HEADER } from '../../lib/proof-of-work/with-proof';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { newsletterMessages } from './newsletter-messages';
import { outcomeFromError, outcomeFromReply, proofRequested, type NewsletterOutcome } from './newsletter-outcome';

export const newsletterFunction = 'send-newsletter-subscription-email';

/** The loading toast's text, here so that the page's own code does not carry the messages. */
export const subscribingMessage = newsletterMessages.loading;

/** Starts loading supabase-js (called when the visitor focuses the field). */
export function warmUpSubscribe(): void {
  getBrowserSupabase().catch(() => undefined);
}

/** Never throws: every failure becomes an outcome with the message to show. */
export async function subscribeToNewsletter(email: string): Promise<NewsletterOutcome> {
  try {
    const supabase = await getBrowserSupabase();
    const invoke = (headers: Record<string, string> = {}) =>
      supabase.functions.invoke<unknown>(newsletterFunction, { body: { email }, headers });
    let { data, error } = await invoke();
    // Past the network's free allowance: a short proof of work, then the same sign-up again.
    if (error && (await proofRequested(error)))
      ({ data, error } = await invoke({ [PROOF_HEADER]: await earnProof(supabase) }));
    if (error) return await outcomeFromError(error);
    return outcomeFromReply(data);
  } catch (error) {
    console.error('[newsletter] subscription failed', error);
    return { ok: false, message: newsletterMessages.unexpected };
  }
}
