/**
 * One reconciliation run: open attempts older than the cut-off are settled from Daraja's STK
 * query (the callback never came), and pushes Daraja never acknowledged are closed.
 */
import type { DarajaClient } from '../_shared/mpesa/daraja-client.ts';
import { settleAttempt } from '../_shared/mpesa/settle.ts';
import type { AdminClient } from '../_shared/supabase-admin.ts';

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
  open: number;
  errors: number;
}

export async function reconcile(
  admin: AdminClient,
  daraja: DarajaClient,
  options: { olderThanSeconds: number; attemptId?: string },
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0, open: 0, errors: 0 };
  let select = admin
    .from('mpesa_payment_attempts')
    .select('id, status, checkout_request_id, amount')
    .in('status', ['requesting', 'pending'])
    .order('requested_at')
    .limit(50);
  select = options.attemptId
    ? select.eq('id', options.attemptId)
    : select.lt('requested_at', new Date(Date.now() - options.olderThanSeconds * 1000).toISOString());
  const { data: attempts, error } = await select;
  if (error) throw new Error(`could not list open attempts: ${error.message} (${error.code})`);

  for (const attempt of attempts) {
    report.checked += 1;
    try {
      if (attempt.status === 'requesting' || !attempt.checkout_request_id) {
        // The function stopped between opening the attempt and hearing from Daraja.
        const { error: failError } = await admin.rpc('fail_mpesa_push', {
          attempt: attempt.id,
          reason: 'Daraja never acknowledged the push request.',
          how: 'no_answer',
        });
        if (failError) throw new Error(`fail_mpesa_push: ${failError.message}`);
        report.failed += 1;
        continue;
      }
      const result = await daraja.query(attempt.checkout_request_id);
      if (result.state === 'processing') {
        report.open += 1;
        continue;
      }
      const settled = await settleAttempt(admin, {
        checkoutRequestId: attempt.checkout_request_id,
        resultCode: result.resultCode,
        resultDesc: result.resultDesc,
        receipt: null,
        amount: attempt.amount,
        by: 'query',
      });
      if (settled === 'paid') report.paid += 1;
      else if (settled === 'failed') report.failed += 1;
    } catch (attemptError) {
      console.error(`[mpesa-reconcile] attempt ${attempt.id}:`, attemptError);
      report.errors += 1;
    }
  }
  return report;
}
