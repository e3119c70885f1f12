/**
 * The order page's "Payment attempts": every M-Pesa prompt sent for the order (time, masked
 * phone, amount, Daraja's result code and text, receipt, status), and for one still open a
 * "Check with M-Pesa" button that asks Daraja through the route's action (mpesa-reconcile), says
 * the answer in a toast and above the list; the route then reads the attempts and the order again.
 */
import { useActionData } from 'react-router';
import { usePostToRoute } from '../../components/admin/action-result';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/staff-time';
import type { MpesaAttempt } from './api/list-mpesa-attempts';
import type { OrderIntent, RequeryResult } from './order-action';

const statusLabels: Record<string, string> = {
  requesting: 'Sending the prompt',
  pending: 'Waiting for the customer',
  succeeded: 'Paid',
  failed: 'Failed',
};

const settledByLabels: Record<string, string> = {
  callback: 'M-Pesa’s callback',
  query: 'a status check',
  push_refused: 'M-Pesa refused the prompt',
  no_answer: 'no answer from M-Pesa',
};

export function MpesaAttempts({ attempts }: { attempts: MpesaAttempt[] }) {
  // The last "Check with M-Pesa" answer, kept above the list: the row's button goes once settled.
  const result = useActionData<RequeryResult | { intent: string }>();
  const answer = result?.intent === 'requery' ? (result as RequeryResult) : null;
  // Only orders someone tried to pay by M-Pesa prompt get the section.
  if (attempts.length === 0) return null;
  return (
    <section aria-labelledby="mpesa-attempts-heading">
      <h2 id="mpesa-attempts-heading">Payment attempts</h2>
      {answer && (
        <p className={answer.ok ? 'admin-order__answer' : 'notice notice--error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.message}
        </p>
      )}
      <AttemptsTable attempts={attempts} />
    </section>
  );
}

function AttemptsTable({ attempts }: { attempts: MpesaAttempt[] }) {
  return (
    <div className="data-table__scroll">
      <table className="admin-order__lines" data-testid="mpesa-attempts">
        <caption className="visually-hidden">M-Pesa payment prompts, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Sent</th>
            <th scope="col">Phone</th>
            <th scope="col">Amount</th>
            <th scope="col">Result</th>
            <th scope="col">Receipt</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt) => (
            <tr key={attempt.id}>
              <td>{formatDateTime(attempt.requested_at)}</td>
              <td>{attempt.phone}</td>
              <td>{formatMoney(attempt.amount, 'KES')}</td>
              <td>
                {attempt.result_code === null
                  ? '—'
                  : `${attempt.result_code}${attempt.result_desc ? `: ${attempt.result_desc}` : ''}`}
              </td>
              <td>{attempt.receipt ?? '—'}</td>
              <td>
                {statusLabels[attempt.status] ?? attempt.status}
                {attempt.settled_at && (
                  <>
                    <br />
                    <span className="admin-muted">
                      {formatDateTime(attempt.settled_at)}
                      {attempt.settled_by ? `, by ${settledByLabels[attempt.settled_by] ?? attempt.settled_by}` : ''}
                    </span>
                  </>
                )}
                {(attempt.status === 'pending' || attempt.status === 'requesting') && (
                  <CheckButton attemptId={attempt.id} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CheckButton({ attemptId }: { attemptId: string }) {
  const { post, busy } = usePostToRoute();
  const request: OrderIntent = { intent: 'requery', attemptId };
  return (
    <div className="admin-order__check">
      <button type="button" className="button button--small" disabled={busy} onClick={() => void post(request)}>
        {busy ? 'Checking…' : 'Check with M-Pesa'}
      </button>
    </div>
  );
}
