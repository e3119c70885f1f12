/** /admin/orders/:id: one order with its workflow actions (features/admin-orders). */
import { useParams } from 'react-router';
import { OrderDetail } from '../../features/admin-orders/order-detail';

export const meta = () => [{ title: 'Order · Ascent admin' }];

export default function OrderRoute() {
  const { id = '' } = useParams();
  // Re-mounted per order so nothing typed for one order shows on another.
  return <OrderDetail key={id} orderId={id} />;
}
