/** /admin/stats: the impact figures (features/admin-catalogue), read from the URL's list state. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { AdminRouteError } from '../../components/admin/route-error';
import { parseListParams } from '../../components/admin/list-params';
import { impactMetricListDefaults, listImpactMetrics } from '../../features/admin-catalogue/api/list-impact-metrics';
import { metricAction } from '../../features/admin-catalogue/metric-action';
import { StatsPage } from '../../features/admin-catalogue/stats-page';
import type { Route } from './+types/stats';

export const meta = () => adminMeta('Stats');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return listImpactMetrics(parseListParams(new URL(request.url).searchParams, impactMetricListDefaults));
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return metricAction(request);
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Impact figures" />;
}

export default function AdminStatsPageRoute({ loaderData }: Route.ComponentProps) {
  return <StatsPage list={loaderData} />;
}
