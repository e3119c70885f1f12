/** /admin/stats: the Stats list (features/admin-catalogue). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { StatsPage } from '../../features/admin-catalogue/stats-page';

export const meta = () => adminMeta('Stats');

export default function AdminStatsPageRoute() {
  return <StatsPage />;
}
