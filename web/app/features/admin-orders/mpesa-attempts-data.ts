/**
 * An order's M-Pesa prompts for its admin page (staff_mpesa_attempts: phone masked, RLS decides)
 * and the staff re-query of a stuck one through the mpesa-reconcile function with the staff
 * member's own session, its report said in words.
 */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

export async function fetchMpesaAttempts(orderId: string) {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.rpc('staff_mpesa_attempts', { target_order: orderId });
  if (error) throw error;
  return data;
}

export type MpesaAttempt = Awaited<ReturnType<typeof fetchMpesaAttempts>>[number];

/** What mpesa-reconcile answers (supabase/functions/mpesa-reconcile/reconcile.ts). */
export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
  open: number;
  errors: number;
}

export type RequeryOutcome = { ok: true; message: string; settled: boolean } | { ok: false; message: string };

function isReport(body: unknown): body is ReconcileReport {
  if (typeof body !== 'object' || body === null) return false;
  return ['checked', 'paid', 'failed', 'open', 'errors'].every(
    (key) => typeof (body as Record<string, unknown>)[key] === 'number',
  );
}

/** The function's report for one attempt, in words. Exported for tests. */
export function describeReport(report: ReconcileReport): RequeryOutcome {
  if (report.paid > 0) return { ok: true, settled: true, message: 'M-Pesa confirmed the payment: the order is paid.' };
  if (report.failed > 0) {
    return {
      ok: true,
      settled: true,
      message: 'M-Pesa says this payment did not go through. The order stays pending.',
    };
  }
  if (report.errors > 0) return { ok: false, message: 'M-Pesa could not be asked just now. Try again in a moment.' };
  if (report.open > 0) {
    return {
      ok: true,
      settled: false,
      message: 'M-Pesa is still waiting for the customer to answer. Check again in a minute.',
    };
  }
  return { ok: true, settled: true, message: 'This payment attempt was already settled.' };
}

/** HTTP status of a functions.invoke error, when the function answered at all. */
function answeredStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('context' in error)) return null;
  const { context } = error;
  return context instanceof Response ? context.status : null;
}

export async function requeryAttempt(attemptId: string): Promise<RequeryOutcome> {
  const supabase = await getBrowserSupabase();
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
