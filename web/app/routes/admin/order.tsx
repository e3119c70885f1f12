/** /admin/orders/:id: one order with its workflow actions (features/admin-orders) and its history from the audit log. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { useState } from 'react';
import { OrderDetail } from '../../features/admin-orders/order-detail';
import { AuditTrail } from '../../shell/admin/audit-trail';
import type { Route } from './+types/order';

export const meta = () => adminMeta('Order');

export default function OrderRoute({ params }: Route.ComponentProps) {
  const { id } = params;
  const [changes, setChanges] = useState(0);
  // Re-mounted per order so nothing typed for one order shows on another.
  return (
    <OrderDetail
      key={id}
      orderId={id}
      onChanged={() => setChanges((count) => count + 1)}
      history={<AuditTrail key={`${id}-${changes}`} table="orders" rowId={id} />}
    />
  );
}
