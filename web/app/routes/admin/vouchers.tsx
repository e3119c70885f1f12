/** /admin/vouchers: discount codes (features/admin-vouchers); marketing writes, finance reads. */
import { adminMeta } from '../../shell/admin/admin-meta';
import type { AdminRouteHandle } from '../../shell/admin/admin-access';
import { screenRoles } from '../../shell/admin/admin-access';
import { AdminRouteError } from '../../components/admin/route-error';
import { voucherAction } from '../../features/admin-vouchers/voucher-action';
import { listChoices, listVouchers } from '../../features/admin-vouchers/vouchers-api';
import { VouchersScreen } from '../../features/admin-vouchers/vouchers-screen';
import type { Route } from './+types/vouchers';

export const meta = () => adminMeta('Vouchers');

export const handle: AdminRouteHandle = { roles: screenRoles.vouchers };

export async function clientLoader() {
  const [vouchers, choices] = await Promise.all([listVouchers(), listChoices()]);
  return { vouchers, choices };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return voucherAction(await request.json());
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Vouchers" />;
}

export default function VouchersRoute({ loaderData }: Route.ComponentProps) {
  return <VouchersScreen vouchers={loaderData.vouchers} choices={loaderData.choices} />;
}
