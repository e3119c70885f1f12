/** /admin/events/:id/registrations: one event's registrations, waitlist and check-in (features/admin-registrations). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { RegistrationsPage } from '../../features/admin-registrations/registrations-page';
import type { Route } from './+types/event-registrations';

export const meta = () => adminMeta('Event registrations');

export default function EventRegistrationsRoute({ params }: Route.ComponentProps) {
  // Re-mounted per event so one event's rows never show under another's title.
  return <RegistrationsPage key={params.id} eventId={params.id} />;
}
