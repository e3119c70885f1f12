/** /admin/services: the Services list (features/admin-catalogue), read from the URL's list state. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { AdminRouteError } from '../../components/admin/route-error';
import { parseListParams } from '../../components/admin/list-params';
import { serviceListDefaults, listServices } from '../../features/admin-catalogue/api/list-services';
import { ServicesList } from '../../features/admin-catalogue/services-list';
import { catalogueRowAction } from '../../features/admin-catalogue/row-action';
import type { Route } from './+types/services';

export const meta = () => adminMeta('Services');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return listServices(parseListParams(new URL(request.url).searchParams, serviceListDefaults));
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return catalogueRowAction('services', request);
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Services" />;
}

export default function AdminServicesListRoute({ loaderData }: Route.ComponentProps) {
  return <ServicesList page={loaderData} />;
}
