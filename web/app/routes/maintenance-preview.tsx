/** /maintenance-preview: always shows the maintenance page, so staff can check it before switching. */
import type { HeadersFunction } from 'react-router';
import { MaintenancePage } from '../components/layout/maintenance-page';
import { maintenanceMeta } from '../features/seo/route-meta';
import { useRootData } from '../root';
import type { Route } from './+types/maintenance-preview';

export function meta({ matches }: Route.MetaArgs) {
  return maintenanceMeta(matches[0]?.loaderData?.settings.instituteName ?? '');
}

/** Crawlers that skip the HTML (or follow a link to it) are told the same: not for the index. */
export const headers: HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex' });

export default function MaintenancePreview() {
  const root = useRootData();
  if (!root) return null;
  return <MaintenancePage settings={root.settings} />;
}
