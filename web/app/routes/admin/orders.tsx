/** /admin/orders: the orders list (features/admin-orders). */
import { OrdersList } from '../../features/admin-orders/orders-list';

export const meta = () => [{ title: 'Orders · Ascent admin' }];

export default function OrdersRoute() {
  return <OrdersList />;
}
