/** /admin/enquiries: the contact form's enquiries inbox (features/admin-enquiries). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { EnquiriesList } from '../../features/admin-enquiries/enquiries-list';

export const meta = () => adminMeta('Enquiries');

export default function EnquiriesRoute() {
  return <EnquiriesList />;
}
