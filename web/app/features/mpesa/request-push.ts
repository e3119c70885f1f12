/** Asks the mpesa-stk-push function to send the payment prompt to the customer's phone. */
import { postToSupabase } from '../../lib/supabase/supabase-http';

export type PushResult = { ok: true } | { ok: false; message: string };

const UNREACHABLE = 'We couldn’t send the payment request just now. Please try again in a moment.';

export async function requestPush(token: string, phone: string): Promise<PushResult> {
  try {
    const { status, body } = await postToSupabase('/functions/v1/mpesa-stk-push', { token, phone });
    if (status === 200) return { ok: true };
    // The function's own answers carry a reason and a sentence for the customer; anything else
    // (the gateway, a proxy) is said generally.
    const own =
      typeof body === 'object' &&
      body !== null &&
      'reason' in body &&
      'message' in body &&
      typeof body.message === 'string';
    const message = own ? String(body.message) : UNREACHABLE;
    return { ok: false, message };
  } catch (error) {
    console.error('[mpesa] push request failed:', error);
    return { ok: false, message: UNREACHABLE };
  }
}
