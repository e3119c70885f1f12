/** /admin/data-requests (admin only; the database refuses anyone else): open erasure requests and their completion (features/admin-data-requests). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { screenRoles, type AdminRouteHandle } from '../../shell/admin/admin-access';
import { AdminRouteError } from '../../components/admin/route-error';
import { listDataRequests } from '../../features/admin-data-requests/api/list-data-requests';
import { dataRequestsAction } from '../../features/admin-data-requests/data-requests-action';
import { DataRequestsList } from '../../features/admin-data-requests/data-requests-list';
import type { Route } from './+types/data-requests';

export const meta = () => adminMeta('Data requests');

export const handle: AdminRouteHandle = { roles: screenRoles.dataRequests };

export async function clientLoader() {
  return listDataRequests();
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return dataRequestsAction(request);
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Data requests" />;
}

export default function AdminDataRequestsRoute({ loaderData }: Route.ComponentProps) {
  return <DataRequestsList requests={loaderData} />;
}
