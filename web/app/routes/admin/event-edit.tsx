/** /admin/events/new and /admin/events/:id: create or edit one event (features/admin-catalogue). */
import { useParams } from 'react-router';
import { EventForm } from '../../features/admin-catalogue/event-form';

export const meta = () => [{ title: 'Admin: event' }, { name: 'robots', content: 'noindex' }];

export default function AdminEventFormRoute() {
  const { id } = useParams();
  // The key makes a new form for another row (no values carried over from the last one).
  return <EventForm key={id ?? 'new'} id={id} />;
}
