/** /admin/services/new and /admin/services/:id: create or edit one service (features/admin-catalogue). */
import { useParams } from 'react-router';
import { ServiceForm } from '../../features/admin-catalogue/service-form';

export const meta = () => [{ title: 'Admin: service' }, { name: 'robots', content: 'noindex' }];

export default function AdminServiceFormRoute() {
  const { id } = useParams();
  // The key makes a new form for another row (no values carried over from the last one).
  return <ServiceForm key={id ?? 'new'} id={id} />;
}
