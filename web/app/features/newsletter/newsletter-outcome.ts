/**
 * The newsletter form's outcome from the reply of the send-newsletter-subscription-email function
 * (`{success, message}`) or from the error supabase-js's functions.invoke gives.
 */
import { PROOF_REQUIRED } from '../../lib/proof-of-work/with-proof';
import { newsletterMessages } from './newsletter-messages';

export type NewsletterOutcome = { ok: true; message: string } | { ok: false; message: string };

function messageField(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('message' in value)) return null;
  const { message } = value;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** A 2xx reply: success only when it says `success: true`; otherwise its message or 'Failed to subscribe.'. */
export function outcomeFromReply(data: unknown): NewsletterOutcome {
  const success = typeof data === 'object' && data !== null && 'success' in data && data.success === true;
  if (success) return { ok: true, message: newsletterMessages.success };
  return { ok: false, message: messageField(data) ?? newsletterMessages.failed };
}

/**
 * An error from functions.invoke. A non-2xx reply arrives as FunctionsHttpError whose `context` is
 * the Response: the server's own message is what the visitor should read. Network and relay
 * errors carry only technical text, so they get the generic message.
 */
export async function outcomeFromError(error: unknown): Promise<NewsletterOutcome> {
  const context = typeof error === 'object' && error !== null && 'context' in error ? error.context : undefined;
  if (context instanceof Response) {
    try {
      const body: unknown = await context.clone().json();
      const message = messageField(body);
      if (message) return { ok: false, message };
    } catch {
      // Not JSON (a proxy's error page, an empty body): fall through to the generic message.
    }
  }
  return { ok: false, message: newsletterMessages.unexpected };
}

/** True when the function's refusal asks for a proof of work (reason proof_required). */
export async function proofRequested(error: unknown): Promise<boolean> {
  const context = typeof error === 'object' && error !== null && 'context' in error ? error.context : undefined;
  if (!(context instanceof Response) || context.status !== 429) return false;
  try {
    const body: unknown = await context.clone().json();
    return typeof body === 'object' && body !== null && 'reason' in body && body.reason === PROOF_REQUIRED;
  } catch {
    return false;
  }
}
