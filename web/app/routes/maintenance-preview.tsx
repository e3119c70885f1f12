/** /maintenance-preview: always shows the maintenance page, so staff can check it before switching. */
import type { HeadersFunction } from 'react-router';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';
import { MaintenancePage } from '../shell/maintenance-page';
import { maintenanceMeta } from '../features/seo/route-meta.server';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/maintenance-preview';

export async function loader() {
  // Built here, not in `meta`, so the builders stay out of the browser's JavaScript.
  return { meta: maintenanceMeta((await loadSiteSettings()).instituteName) };
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

/** Crawlers that skip the HTML (or follow a link to it) are told the same: not for the index. */
export const headers: HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex' });

export default function MaintenancePreview() {
  const root = useRootData();
  if (!root) return null;
  return <MaintenancePage settings={root.settings} logo={root.logo} />;
}
