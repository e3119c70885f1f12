/** /admin/orders: the orders list (features/admin-orders). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { OrdersList } from '../../features/admin-orders/orders-list';

export const meta = () => adminMeta('Orders');

export default function OrdersRoute() {
  return <OrdersList />;
}
