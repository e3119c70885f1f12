/** Subscribes an address through the send-newsletter-subscription-email server function. */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { newsletterMessages } from './newsletter-messages';
import { outcomeFromError, outcomeFromReply, type NewsletterOutcome } from './newsletter-outcome';

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
    const { data, error } = await supabase.functions.invoke<unknown>(newsletterFunction, { body: { email } });
    if (error) return await outcomeFromError(error);
    return outcomeFromReply(data);
  } catch (error) {
    console.error('[newsletter] subscription failed', error);
    return { ok: false, message: newsletterMessages.unexpected };
  }
}
