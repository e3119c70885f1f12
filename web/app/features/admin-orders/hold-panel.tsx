/**
 * An unpaid order's hold on its seats: until when (Nairobi time) and "Keep the seats 24 hours
 * longer" (extend_order_hold through the route's action), e.g. for a customer waiting on a
 * purchase order. Confirming the order also keeps the seats, without a time limit.
 */
import { usePostToRoute } from '../../components/admin/action-result';
import type { AdminOrder } from './api/get-order';
import { holdExtensionHours, type OrderIntent } from './order-action';
import { formatDateTime } from '../../lib/staff-time';

const extend: OrderIntent = { intent: 'extend-hold' };

export function HoldPanel({ order }: { order: AdminOrder }) {
  const { post, busy } = usePostToRoute();
  if (order.status !== 'pending' || !order.hold_until) return null;
  return (
    <p className="admin-order__hold">
      <span data-testid="hold-until">Seats held until {formatDateTime(order.hold_until)} (Nairobi time)</span>; unpaid
      by then, the order expires and its seats are released.{' '}
      <button type="button" className="button button--small" disabled={busy} onClick={() => void post(extend)}>
        Keep the seats {holdExtensionHours} hours longer
      </button>
    </p>
  );
}
