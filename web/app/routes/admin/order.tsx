/** /admin/orders/:id: one order with its workflow actions (features/admin-orders) and its history from the audit log. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { AdminRecordError, notFound } from '../../components/admin/route-error';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { getOrder } from '../../features/admin-orders/api/get-order';
import { listMpesaAttempts } from '../../features/admin-orders/api/list-mpesa-attempts';
import { listOrderTaxDocuments } from '../../features/admin-tax-documents/api/list-order-tax-documents';
import { OrderTaxDocuments } from '../../features/admin-tax-documents/order-tax-documents';
import { listPaymentReceipts } from '../../features/admin-tax-documents/api/list-payment-receipts';
import { OrderPaymentReceipts } from '../../features/admin-tax-documents/payment-receipts-table';
import { orderAction } from '../../features/admin-orders/order-action';
import { OrderView } from '../../features/admin-orders/order-detail';
import { AuditTrail, readHistory } from '../../shell/admin/audit-trail';
import type { Route } from './+types/order';

export const meta = () => adminMeta('Order');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const order = await getOrder({ id: params.id });
  if (!order) throw notFound(recordNotFoundWords);
  const [attempts, taxDocuments, receipts, history] = await Promise.all([
    listMpesaAttempts({ orderId: order.id }),
    listOrderTaxDocuments({ orderId: order.id }),
    listPaymentReceipts({ orderId: order.id }),
    readHistory('orders', order.id),
  ]);
  return { order, attempts, taxDocuments, receipts, history };
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return orderAction(params.id, await request.json());
}

export function ErrorBoundary() {
  return <AdminRecordError kind="order" back={{ to: '/admin/orders', label: 'Back to the orders' }} />;
}

export default function OrderRoute({
  loaderData: { order, attempts, taxDocuments, receipts, history },
}: Route.ComponentProps) {
  // Keyed by the order: nothing typed for one order shows on another.
  return (
    <>
      <OrderView key={order.id} order={order} attempts={attempts} />
      <OrderTaxDocuments documents={taxDocuments} />
      <OrderPaymentReceipts receipts={receipts} />
      <AuditTrail rowId={order.id} history={history} />
    </>
  );
}
