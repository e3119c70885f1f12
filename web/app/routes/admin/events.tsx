/** /admin/events: the Events list (features/admin-catalogue). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { EventsList } from '../../features/admin-catalogue/events-list';

export const meta = () => adminMeta('Events');

export default function AdminEventsListRoute() {
  return <EventsList />;
}
