/** Asks the mpesa-stk-push function to send the payment prompt to the customer's phone. */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

export type PushResult = { ok: true } | { ok: false; message: string };

const UNREACHABLE = 'We couldn’t send the payment request just now. Please try again in a moment.';

async function refusal(error: unknown): Promise<string> {
  // supabase-js puts the function's own reply on FunctionsHttpError.context.
  const context = typeof error === 'object' && error !== null && 'context' in error ? error.context : null;
  if (!(context instanceof Response)) return UNREACHABLE;
  try {
    const body: unknown = await context.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
      return body.message;
  } catch {
    // Not the function's JSON (a gateway error page): say it generally.
  }
  return UNREACHABLE;
}

export async function requestPush(token: string, phone: string): Promise<PushResult> {
  try {
    const client = await getBrowserSupabase();
    const { error } = await client.functions.invoke('mpesa-stk-push', { body: { token, phone } });
    return error ? { ok: false, message: await refusal(error) } : { ok: true };
  } catch (error) {
    console.error('[mpesa] push request failed:', error);
    return { ok: false, message: UNREACHABLE };
  }
}
