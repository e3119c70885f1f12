/** /admin/events: the Events list (features/admin-catalogue), read from the URL's list state. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { AdminRouteError } from '../../components/admin/route-error';
import { parseListParams } from '../../components/admin/list-params';
import { eventListDefaults, listEvents } from '../../features/admin-catalogue/api/list-events';
import { EventsList } from '../../features/admin-catalogue/events-list';
import { catalogueRowAction } from '../../features/admin-catalogue/row-action';
import type { Route } from './+types/events';

export const meta = () => adminMeta('Events');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return listEvents(parseListParams(new URL(request.url).searchParams, eventListDefaults));
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return catalogueRowAction('events', request);
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Events" />;
}

export default function AdminEventsListRoute({ loaderData }: Route.ComponentProps) {
  return <EventsList page={loaderData} />;
}
