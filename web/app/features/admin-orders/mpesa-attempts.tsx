/**
 * The order page's "Payment attempts": every M-Pesa prompt sent for the order (time, masked
 * phone, amount, Daraja's result code and text, receipt, status), and for one still open a
 * "Check with M-Pesa" button that asks Daraja through mpesa-reconcile, says the answer in a
 * toast and above the list, and reloads the list and the order once the attempt is settled.
 */
import { useEffect, useState } from 'react';
import { describeDbError } from '../../components/admin/describe-db-error';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/staff-time';
import { fetchMpesaAttempts, requeryAttempt, type MpesaAttempt } from './mpesa-attempts-data';

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

type Answer = { ok: boolean; message: string };

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; attempts: MpesaAttempt[] };

export function MpesaAttempts({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  // The last "Check with M-Pesa" answer, kept above the list: the row's button goes once settled.
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    let live = true;
    fetchMpesaAttempts(orderId).then(
      (attempts) => live && setLoad({ state: 'ready', attempts }),
      (error: unknown) => live && setLoad({ state: 'failed', message: describeDbError(error) }),
    );
    return () => {
      live = false;
    };
  }, [orderId, version]);

  // Only orders someone tried to pay by M-Pesa prompt get the section.
  if (load.state === 'ready' && load.attempts.length === 0) return null;
  return (
    <section aria-labelledby="mpesa-attempts-heading">
      <h2 id="mpesa-attempts-heading">Payment attempts</h2>
      {load.state === 'loading' && <p role="status">Loading the M-Pesa payment attempts…</p>}
      {load.state === 'failed' && (
        <p className="notice notice--error" role="alert">
          {load.message}
        </p>
      )}
      {answer && (
        <p className={answer.ok ? 'admin-order__answer' : 'notice notice--error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.message}
        </p>
      )}
      {load.state === 'ready' && (
        <AttemptsTable
          attempts={load.attempts}
          onAnswer={(next, settled) => {
            setAnswer(next);
            if (!settled) return;
            setVersion((v) => v + 1);
            onChanged();
          }}
        />
      )}
    </section>
  );
}

type OnAnswer = (answer: Answer | null, settled: boolean) => void;

function AttemptsTable({ attempts, onAnswer }: { attempts: MpesaAttempt[]; onAnswer: OnAnswer }) {
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
                  <CheckButton attemptId={attempt.id} onAnswer={onAnswer} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CheckButton({ attemptId, onAnswer }: { attemptId: string; onAnswer: OnAnswer }) {
  const [busy, setBusy] = useState(false);

  async function check() {
    setBusy(true);
    onAnswer(null, false);
    const outcome = await requeryAttempt(attemptId);
    setBusy(false);
    void (outcome.ok ? toastSuccess(outcome.message) : toastError(outcome.message));
    onAnswer({ ok: outcome.ok, message: outcome.message }, outcome.ok && outcome.settled);
  }

  return (
    <div className="admin-order__check">
      <button type="button" className="button button--small" disabled={busy} onClick={() => void check()}>
        {busy ? 'Checking…' : 'Check with M-Pesa'}
      </button>
    </div>
  );
}
