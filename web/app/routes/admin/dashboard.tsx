/** /admin (index): the dashboard (features/admin-dashboard). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { Dashboard } from '../../features/admin-dashboard/dashboard';

export const meta = () => adminMeta('Dashboard');

export default function DashboardRoute() {
  return <Dashboard />;
}
