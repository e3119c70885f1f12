/** /admin/subscribers: newsletter subscribers (features/admin-subscribers). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { SubscribersList } from '../../features/admin-subscribers/subscribers-list';

export const meta = () => adminMeta('Subscribers');

export default function SubscribersRoute() {
  return <SubscribersList />;
}
