/** /admin/stats: the Stats list (features/admin-catalogue). */
import { StatsPage } from '../../features/admin-catalogue/stats-page';

export const meta = () => [{ title: 'Admin: Stats' }, { name: 'robots', content: 'noindex' }];

export default function AdminStatsPageRoute() {
  return <StatsPage />;
}
