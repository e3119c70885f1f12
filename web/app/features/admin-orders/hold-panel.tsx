/**
 * An unpaid order's hold on its seats: until when (Nairobi time) and "Keep the seats 24 hours
 * longer" (extend_order_hold), e.g. for a customer waiting on a purchase order. Confirming the
 * order also keeps the seats, without a time limit.
 */
import { useState } from 'react';
import { describeDbError } from '../../components/admin/describe-db-error';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import type { AdminOrder } from './fetch-order';
import { extendHold } from './order-actions';
import { formatDateTime } from '../../lib/staff-time';

const EXTENSION_HOURS = 24;

export function HoldPanel({ order, onChanged }: { order: AdminOrder; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  if (order.status !== 'pending' || !order.hold_until) return null;

  async function extend() {
    setBusy(true);
    try {
      await extendHold(order.id, EXTENSION_HOURS);
      void toastSuccess(`Order ${order.reference} keeps its seats ${EXTENSION_HOURS} hours longer.`);
      onChanged();
    } catch (error) {
      void toastError(describeDbError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <p className="admin-order__hold">
      <span data-testid="hold-until">Seats held until {formatDateTime(order.hold_until)} (Nairobi time)</span>; unpaid
      by then, the order expires and its seats are released.{' '}
      <button type="button" className="button button--small" disabled={busy} onClick={() => void extend()}>
        Keep the seats {EXTENSION_HOURS} hours longer
      </button>
    </p>
  );
}
