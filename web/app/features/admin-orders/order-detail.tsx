/**
 * /admin/orders/:id: the order (customer, lines with intakes and participants, totals), its
 * status steps, the payment reference, the verdict on the customer's M-Pesa code, its M-Pesa
 * payment attempts (with a re-query of a stuck one), and the e-mails sent for it with "resend the
 * confirmation". The route reads it (api/get-order) and makes every change (order-action.ts),
 * each through a database function; a refusal is shown in words and the staff member's input is
 * kept.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { formatMoney } from '../../lib/money';
import { formatIntakeDates, intakePlace } from '../../lib/intake-dates';
import type { AdminOrder } from './api/get-order';
import type { MpesaAttempt } from './api/list-mpesa-attempts';
import { HoldPanel } from './hold-panel';
import type { OrderIntent } from './order-action';
import { isOrderStatus, nextActions, statusLabels, type StatusAction } from './order-status';
import { formatDateTime } from '../../lib/staff-time';
import { PaymentPanel } from './payment-panel';
import { MpesaAttempts } from './mpesa-attempts';
import { OrderMails } from './order-mails';
import './admin-orders.css';

export function OrderView({ order, attempts }: { order: AdminOrder; attempts: MpesaAttempt[] }) {
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
      <StatusActions key={order.updated_at} order={order} seats={seats} />
      <HoldPanel order={order} />

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
          <dt>Voucher code</dt>
          <dd>{order.voucher_code ?? '—'}</dd>
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
                  <td>
                    {formatMoney(item.line_total ?? item.unit_price * item.quantity, item.currency)}
                    {item.discount_amount > 0 &&
                      ` (after ${formatMoney(item.discount_amount, item.currency, { cents: true })} off ${item.discounted_seats} ${item.discounted_seats === 1 ? 'seat' : 'seats'})`}
                  </td>
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

      <PaymentPanel order={order} />
      <MpesaAttempts attempts={attempts} />
      <OrderMails order={order} />
    </article>
  );
}

function StatusActions({ order, seats }: { order: AdminOrder; seats: number }) {
  const status = isOrderStatus(order.status) ? order.status : 'pending';
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { post, busy } = usePostToRoute();
  const actions = nextActions(status);
  useActionResult('status', (result) => {
    setAsking(null);
    setFailure(result.ok ? null : result.error);
  });

  function run(action: StatusAction) {
    setFailure(null);
    const request: OrderIntent = { intent: 'status', to: action.to };
    return post(request);
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
        description={`Its ${seats} ${seats === 1 ? 'seat is' : 'seats are'} released for other customers.${status === 'paid' ? ' A credit note cancels its tax invoice; refund the payment to the customer.' : ''} A cancelled order cannot be reopened.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busy={busy}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
