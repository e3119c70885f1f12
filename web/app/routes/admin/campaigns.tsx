/** /admin/campaigns: newsletter campaigns (features/admin-campaigns), marketing and admin only. */
import { adminMeta } from '../../shell/admin/admin-meta';
import type { AdminRouteHandle } from '../../shell/admin/admin-access';
import { AdminRouteError } from '../../components/admin/route-error';
import { campaignAction } from '../../features/admin-campaigns/campaign-action';
import { latestTimeline, listCampaigns, listTopics } from '../../features/admin-campaigns/campaigns-api';
import { CampaignsScreen } from '../../features/admin-campaigns/campaigns-screen';
import { listCatalogueChoices } from '../../features/admin-campaigns/catalogue-choices';
import type { Route } from './+types/campaigns';

export const meta = () => adminMeta('Campaigns');

export const handle: AdminRouteHandle = { roles: ['marketing'] };

export async function clientLoader() {
  const [campaigns, topics, choices] = await Promise.all([listCampaigns(), listTopics(), listCatalogueChoices()]);
  return { campaigns, topics, choices, timeline: await latestTimeline(campaigns) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return campaignAction(await request.json());
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Newsletter campaigns" />;
}

export default function CampaignsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <CampaignsScreen
      campaigns={loaderData.campaigns}
      topics={loaderData.topics}
      choices={loaderData.choices}
      timeline={loaderData.timeline}
    />
  );
}
