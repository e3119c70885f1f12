/** /admin/events: the Events list (features/admin-catalogue). */
import { EventsList } from '../../features/admin-catalogue/events-list';

export const meta = () => [{ title: 'Admin: Events' }, { name: 'robots', content: 'noindex' }];

export default function AdminEventsListRoute() {
  return <EventsList />;
}
