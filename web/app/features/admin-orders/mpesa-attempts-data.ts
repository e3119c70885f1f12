/**
 * What the staff re-query of a stuck M-Pesa prompt answers (api/requery-attempt.ts, through the
 * mpesa-reconcile function), in words.
 */
/** What mpesa-reconcile answers (supabase/functions/mpesa-reconcile/reconcile.ts). */
export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
  open: number;
  errors: number;
}

export type RequeryOutcome = { ok: true; message: string; settled: boolean } | { ok: false; message: string };

export function isReport(body: unknown): body is ReconcileReport {
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
