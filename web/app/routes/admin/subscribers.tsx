/** /admin/subscribers: newsletter subscribers (features/admin-subscribers), read from the URL's list state. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { parseListParams } from '../../components/admin/list-params';
import { AdminRouteError } from '../../components/admin/route-error';
import { listSubscribers } from '../../features/admin-subscribers/api/list-subscribers';
import { subscriberAction } from '../../features/admin-subscribers/remove-action';
import { isSubscriberStatus, subscriberListDefaults } from '../../features/admin-subscribers/subscribers-data';
import { SubscribersList } from '../../features/admin-subscribers/subscribers-list';
import type { Route } from './+types/subscribers';

export const meta = () => adminMeta('Subscribers');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const status = search.get('status');
  return listSubscribers({
    ...parseListParams(search, subscriberListDefaults),
    status: isSubscriberStatus(status) ? status : 'all',
  });
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return subscriberAction(await request.json());
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Newsletter subscribers" />;
}

export default function SubscribersRoute({ loaderData }: Route.ComponentProps) {
  return <SubscribersList current={loaderData} />;
}
