/** /admin/services: the Services list (features/admin-catalogue). */
import { ServicesList } from '../../features/admin-catalogue/services-list';

export const meta = () => [{ title: 'Admin: Services' }, { name: 'robots', content: 'noindex' }];

export default function AdminServicesListRoute() {
  return <ServicesList />;
}
