/** /admin/services: the Services list (features/admin-catalogue). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { ServicesList } from '../../features/admin-catalogue/services-list';

export const meta = () => adminMeta('Services');

export default function AdminServicesListRoute() {
  return <ServicesList />;
}
