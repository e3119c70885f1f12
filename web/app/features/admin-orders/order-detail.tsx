/**
 * /admin/orders/:id: the order (customer, lines with intakes and participants, totals), its
 * status steps, the payment reference, the verdict on the customer's M-Pesa code, its M-Pesa
 * payment attempts (with a re-query of a stuck one), and the e-mails sent for it with "resend the confirmation". Every change goes through a database
 * function; a refusal is shown in words and the staff member's input is kept.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { describeDbError } from '../../components/admin/describe-db-error';
import { RecordGate } from '../../components/admin/record-gate';
import { useRecord } from '../../components/admin/use-record';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { formatMoney } from '../../lib/money';
import { formatIntakeDates, intakePlace } from '../../lib/intake-dates';
import { fetchOrder, type AdminOrder } from './fetch-order';
import { HoldPanel } from './hold-panel';
import { resendConfirmation, setOrderStatus } from './order-actions';
import { isOrderStatus, nextActions, statusLabels, type StatusAction } from './order-status';
import { formatDateTime } from '../../lib/staff-time';
import { PaymentPanel } from './payment-panel';
import { MpesaAttempts } from './mpesa-attempts';
import { OrderMails } from './order-mails';
import './admin-orders.css';

interface OrderDetailProps {
  orderId: string;
  /** After each change made here (the route reloads the order's history with it). */
  onChanged?: () => void;
  /** Shown under the order once it is found (the route's audit trail). */
  history?: ReactNode;
}

export function OrderDetail({ orderId, onChanged, history }: OrderDetailProps) {
  const [load, reloadOrder] = useRecord(orderId, fetchOrder);
  const reload = useCallback(() => {
    reloadOrder();
    onChanged?.();
  }, [reloadOrder, onChanged]);
  return (
    <RecordGate
      load={load}
      loadingText="Loading the order…"
      kind="order"
      back={{ to: '/admin/orders', label: 'Back to the orders' }}
    >
      {(order) => (
        <>
          <OrderView order={order} onChanged={reload} />
          {history}
        </>
      )}
    </RecordGate>
  );
}

function OrderView({ order, onChanged }: { order: AdminOrder; onChanged: () => void }) {
  const status = isOrderStatus(order.status) ? order.status : 'pending';
  const seats = order.order_items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article className="admin-order" aria-labelledby="order-heading">
      <p>
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <h1 id="order-heading">Order {order.reference}</h1>
      <p>
        Placed {formatDateTime(order.created_at)} ·{' '}
        <span className={`order-status order-status--${status}`} data-testid="order-status">
          {statusLabels[status]}
        </span>
      </p>
      {/* Keyed by the row's version: a refusal shown for the order as it was goes once it changes. */}
      <StatusActions key={order.updated_at} order={order} seats={seats} onChanged={onChanged} />
      <HoldPanel order={order} onChanged={onChanged} />

      <section aria-labelledby="customer-heading">
        <h2 id="customer-heading">Customer</h2>
        <dl className="admin-facts">
          <dt>Name</dt>
          <dd>{order.customer_name}</dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${order.customer_email}`}>{order.customer_email}</a>
          </dd>
          <dt>Phone</dt>
          <dd>{order.customer_phone ?? '—'}</dd>
          <dt>Organisation</dt>
          <dd>{order.organisation ?? '—'}</dd>
          <dt>Purchase order</dt>
          <dd>{order.po_number ?? '—'}</dd>
        </dl>
      </section>

      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading">Programs and participants</h2>
        <div className="data-table__scroll">
          <table className="admin-order__lines">
            <caption className="visually-hidden">Order lines</caption>
            <thead>
              <tr>
                <th scope="col">Program</th>
                <th scope="col">Intake</th>
                <th scope="col">Seats</th>
                <th scope="col">Price</th>
                <th scope="col">Line total</th>
                <th scope="col">Participants</th>
              </tr>
            </thead>
            <tbody>
              {order.order_items.map((item) => (
                <tr key={item.id}>
                  <td>{item.title}</td>
                  <td>
                    {item.program_intakes
                      ? `${formatIntakeDates(item.program_intakes.starts_on, item.program_intakes.ends_on)}, ${intakePlace({ isOnline: item.program_intakes.is_online, venue: item.program_intakes.venue })}`
                      : 'Next available intake (dates to be confirmed)'}
                  </td>
                  <td>{item.quantity}</td>
                  <td>{formatMoney(item.unit_price, item.currency)}</td>
                  <td>{formatMoney(item.line_total ?? item.unit_price * item.quantity, item.currency)}</td>
                  <td>
                    <ol className="admin-order__participants">
                      {item.order_participants.map((person) => (
                        <li key={person.id}>
                          {person.full_name}
                          {person.email ? ` (${person.email})` : ''}
                        </li>
                      ))}
                    </ol>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="admin-facts">
          <dt>Total in USD</dt>
          <dd>{formatMoney(order.total_usd, 'USD', { cents: true })}</dd>
          <dt>Total in KES</dt>
          <dd>{formatMoney(order.total_kes, 'KES', { cents: true })}</dd>
          <dt>Invoiced in</dt>
          <dd>{order.currency}</dd>
        </dl>
      </section>

      <PaymentPanel order={order} onChanged={onChanged} />
      <MpesaAttempts orderId={order.id} onChanged={onChanged} />
      <OrderMails order={order} onResend={() => resend(order, onChanged)} />
    </article>
  );
}

async function resend(order: AdminOrder, onChanged: () => void): Promise<void> {
  try {
    await resendConfirmation(order.id);
    void toastSuccess(`The confirmation e-mail to ${order.customer_email} is queued.`);
    onChanged();
  } catch (error) {
    void toastError(describeDbError(error));
  }
}

function StatusActions({ order, seats, onChanged }: { order: AdminOrder; seats: number; onChanged: () => void }) {
  const status = isOrderStatus(order.status) ? order.status : 'pending';
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const actions = nextActions(status);

  async function run(action: StatusAction) {
    setBusy(true);
    setFailure(null);
    try {
      await setOrderStatus(order.id, action.to);
      void toastSuccess(`Order ${order.reference} is now ${statusLabels[action.to].toLowerCase()}.`);
      setAsking(null);
      onChanged();
    } catch (error) {
      const message = describeDbError(error);
      setFailure(message);
      setAsking(null);
      void toastError(message);
    } finally {
      setBusy(false);
    }
  }

  if (actions.length === 0) {
    return <p>This order is {statusLabels[status].toLowerCase()}: its status is final.</p>;
  }
  return (
    <div className="admin-order__actions">
      {actions.map((action) => (
        <button
          key={action.to}
          type="button"
          className={action.confirm ? 'button button--danger' : 'button'}
          disabled={busy}
          onClick={() => (action.confirm ? setAsking(action) : void run(action))}
        >
          {action.label}
        </button>
      ))}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={`Cancel order ${order.reference}?`}
        description={`Its ${seats} ${seats === 1 ? 'seat is' : 'seats are'} released for other customers. A cancelled order cannot be reopened.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busy={busy}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
