/** /admin/orders: the orders list (features/admin-orders), read from the URL's list state. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { parseListParams } from '../../components/admin/list-params';
import { AdminRouteError } from '../../components/admin/route-error';
import { listOrders } from '../../features/admin-orders/api/list-orders';
import { isPaidFilter, orderListDefaults } from '../../features/admin-orders/fetch-orders';
import { OrdersList } from '../../features/admin-orders/orders-list';
import { isOrderStatus } from '../../features/admin-orders/order-status';
import type { Route } from './+types/orders';

export const meta = () => adminMeta('Orders');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const status = search.get('status');
  const paid = search.get('paid');
  return listOrders({
    ...parseListParams(search, orderListDefaults),
    status: isOrderStatus(status) ? status : 'all',
    paid: isPaidFilter(paid) ? paid : 'all',
  });
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Orders" />;
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  return <OrdersList current={loaderData} />;
}
