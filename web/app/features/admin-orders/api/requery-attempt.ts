/**
 * Asks M-Pesa about a stuck prompt through the mpesa-reconcile function, with the staff member's
 * own session; the function's report (or its refusal) in words.
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { describeReport, isReport, type RequeryOutcome } from '../mpesa-attempts-data';

export const requeryAttemptInput = z.object({ attemptId: z.uuid() });

/** HTTP status of a functions.invoke error, when the function answered at all. */
function answeredStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('context' in error)) return null;
  const { context } = error;
  return context instanceof Response ? context.status : null;
}

export async function requeryAttempt(input: z.input<typeof requeryAttemptInput>): Promise<RequeryOutcome> {
  const { attemptId } = requeryAttemptInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.functions.invoke<unknown>('mpesa-reconcile', {
    body: { attempt_id: attemptId },
  });
  if (error) {
    const status = answeredStatus(error);
    if (status === 401 || status === 403) {
      return { ok: false, message: 'Your session may not check payments. Sign in again as staff.' };
    }
    console.error('[admin-orders] mpesa-reconcile failed:', error);
    return { ok: false, message: 'M-Pesa could not be asked just now. Try again in a moment.' };
  }
  if (!isReport(data)) return { ok: false, message: 'The payment check gave an answer we do not understand.' };
  return describeReport(data);
}
