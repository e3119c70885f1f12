/** /admin (index): the dashboard (features/admin-dashboard). */
import { Dashboard } from '../../features/admin-dashboard/dashboard';

export const meta = () => [{ title: 'Dashboard · Ascent admin' }];

export default function DashboardRoute() {
  return <Dashboard />;
}
