/** /admin/orders/:id: one order with its workflow actions (features/admin-orders). */
import { OrderDetail } from '../../features/admin-orders/order-detail';
import type { Route } from './+types/order';

export const meta = () => [{ title: 'Order · Ascent admin' }];

export default function OrderRoute({ params }: Route.ComponentProps) {
  const { id } = params;
  // Re-mounted per order so nothing typed for one order shows on another.
  return <OrderDetail key={id} orderId={id} />;
}
