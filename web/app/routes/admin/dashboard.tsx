/** /admin (index): the dashboard (features/admin-dashboard), read by its clientLoader; the maintenance switch writes in its clientAction. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { AdminRouteError } from '../../components/admin/route-error';
import { getDashboard } from '../../features/admin-dashboard/api/get-dashboard';
import { Dashboard } from '../../features/admin-dashboard/dashboard';
import { maintenanceAction } from '../../features/admin-dashboard/maintenance-action';
import type { Route } from './+types/dashboard';

export const meta = () => adminMeta('Dashboard');

export async function clientLoader() {
  return getDashboard();
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return maintenanceAction(await request.json());
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Dashboard" />;
}

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  return <Dashboard figures={loaderData} />;
}
