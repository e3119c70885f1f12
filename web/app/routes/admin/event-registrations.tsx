/** /admin/events/:id/registrations: one event's registrations, waitlist and check-in (features/admin-registrations). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { AdminRecordError, notFound } from '../../components/admin/route-error';
import { getEventRegistrations } from '../../features/admin-registrations/api/get-event-registrations';
import { checkInAction } from '../../features/admin-registrations/check-in-action';
import { RegistrationsView } from '../../features/admin-registrations/registrations-page';
import type { Route } from './+types/event-registrations';

export const meta = () => adminMeta('Event registrations');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const registrations = await getEventRegistrations({ eventId: params.id });
  if (!registrations) throw notFound(recordNotFoundWords);
  return registrations;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return checkInAction(await request.json());
}

export function ErrorBoundary() {
  return <AdminRecordError kind="event" back={{ to: '/admin/events', label: 'Back to the events' }} />;
}

export default function EventRegistrationsRoute({ loaderData: { event, counts, rows } }: Route.ComponentProps) {
  // Keyed by the event: one event's rows never show under another's title.
  return <RegistrationsView key={event.id} event={event} counts={counts} rows={rows} />;
}
