/**
 * The order's payment: how the customer chose to pay, the reference staff recorded (bank or
 * M-Pesa, from the statement), and the customer's own M-Pesa code with Verify / Reject, each
 * through the route's action. A refused entry keeps what was typed and says why beside the field.
 */
import { useId, useState, type FormEvent } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import type { AdminOrder } from './api/get-order';
import type { PaymentMethod } from './api/record-payment';
import type { OrderIntent } from './order-action';
import { paymentChoiceLabel } from '../../lib/payment-choices';
import { formatDateTime } from '../../lib/staff-time';

const verdictLabels: Record<string, string> = { verified: 'Verified', rejected: 'Rejected' };

export function PaymentPanel({ order }: { order: AdminOrder }) {
  // A cancelled order takes no payment; a paid order's reference, once recorded, is final.
  const closed = order.status === 'cancelled' || (order.status === 'paid' && order.payment_reference !== null);
  return (
    <section aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment</h2>
      <dl className="admin-facts">
        <dt>Customer chose</dt>
        <dd>{paymentChoiceLabel(order.payment_choice)}</dd>
        <dt>Payment reference</dt>
        <dd data-testid="payment-reference">
          {order.payment_reference
            ? `${order.payment_reference} (${order.payment_reference_method === 'mpesa' ? 'M-Pesa' : 'bank'}, recorded ${formatDateTime(order.payment_recorded_at ?? order.created_at)})`
            : 'None recorded'}
        </dd>
        {order.mpesa_receipt && (
          <>
            <dt>M-Pesa receipt</dt>
            <dd>
              {order.mpesa_receipt}
              {order.paid_at ? ` (paid ${formatDateTime(order.paid_at)})` : ''}
            </dd>
          </>
        )}
      </dl>
      {!closed && <ReferenceForm order={order} />}
      {order.mpesa_code && <MpesaCode order={order} />}
    </section>
  );
}

function ReferenceForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const [method, setMethod] = useState<PaymentMethod>(order.payment_method === 'mpesa' ? 'mpesa' : 'bank');
  const [reference, setReference] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { post, busy, pendingIntent } = usePostToRoute();
  useActionResult('payment', (result) => {
    if (result.ok) setReference('');
    setFailure(result.ok ? null : result.error);
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const request: OrderIntent = { intent: 'payment', method, reference };
    return post(request);
  }

  return (
    <form className="admin-order__form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset>
        <legend>{order.payment_reference ? 'Replace the payment reference' : 'Record the payment reference'}</legend>
        <div className="field">
          <label htmlFor={`${id}-method`}>Paid by</label>
          <select
            id={`${id}-method`}
            className="field__input"
            value={method}
            onChange={(event) => setMethod(event.target.value === 'mpesa' ? 'mpesa' : 'bank')}
          >
            <option value="bank">Bank transfer</option>
            <option value="mpesa">M-Pesa</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reference`}>Reference</label>
          <input
            id={`${id}-reference`}
            className="field__input"
            value={reference}
            maxLength={100}
            required
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${id}-error` : `${id}-hint`}
            onChange={(event) => setReference(event.target.value)}
          />
          <p id={`${id}-hint`} className="field__hint">
            {method === 'mpesa' ? '10 letters and digits, e.g. QJK7XYZ123.' : 'As shown on the bank statement.'}
          </p>
          {failure && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {failure}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {pendingIntent === 'payment' ? 'Saving…' : 'Record payment'}
        </button>
      </fieldset>
    </form>
  );
}

function MpesaCode({ order }: { order: AdminOrder }) {
  const { post, busy } = usePostToRoute();
  const open = order.status === 'pending' || order.status === 'confirmed';
  const decide = (verdict: 'verified' | 'rejected') => {
    const request: OrderIntent = { intent: 'mpesa-code', verdict };
    return post(request);
  };

  return (
    <div className="admin-order__code">
      <h3>Code the customer entered</h3>
      <p>
        <strong>{order.mpesa_code}</strong>
        {order.mpesa_code_submitted_at ? `, sent ${formatDateTime(order.mpesa_code_submitted_at)}` : ''} ·{' '}
        <span data-testid="mpesa-code-status">
          {order.mpesa_code_status ? verdictLabels[order.mpesa_code_status] : 'Not checked yet'}
        </span>
      </p>
      {open && (
        <p className="admin-order__actions">
          <button type="button" className="button" disabled={busy} onClick={() => void decide('verified')}>
            Verify code
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void decide('rejected')}
          >
            Reject code
          </button>
        </p>
      )}
    </div>
  );
}
