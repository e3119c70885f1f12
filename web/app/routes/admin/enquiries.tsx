/** /admin/enquiries: the contact form's enquiries inbox (features/admin-enquiries). */
import { EnquiriesList } from '../../features/admin-enquiries/enquiries-list';

export const meta = () => [{ title: 'Enquiries · Ascent admin' }];

export default function EnquiriesRoute() {
  return <EnquiriesList />;
}
