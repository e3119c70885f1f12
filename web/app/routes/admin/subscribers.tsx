/** /admin/subscribers: newsletter subscribers (features/admin-subscribers). */
import { SubscribersList } from '../../features/admin-subscribers/subscribers-list';

export const meta = () => [{ title: 'Subscribers · Ascent admin' }];

export default function SubscribersRoute() {
  return <SubscribersList />;
}
