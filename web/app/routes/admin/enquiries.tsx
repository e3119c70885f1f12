/** /admin/enquiries: the contact form's enquiries inbox (features/admin-enquiries), read from the URL's list state. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { parseListParams } from '../../components/admin/list-params';
import { AdminRouteError } from '../../components/admin/route-error';
import { listEnquiries } from '../../features/admin-enquiries/api/list-enquiries';
import { enquiryListDefaults } from '../../features/admin-enquiries/enquiries-data';
import { EnquiriesList } from '../../features/admin-enquiries/enquiries-list';
import { isEnquiryStatus } from '../../features/admin-enquiries/enquiry-labels';
import type { Route } from './+types/enquiries';

export const meta = () => adminMeta('Enquiries');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const status = search.get('status');
  return listEnquiries({
    ...parseListParams(search, enquiryListDefaults),
    status: isEnquiryStatus(status) ? status : 'all',
  });
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Enquiries" />;
}

export default function EnquiriesRoute({ loaderData }: Route.ComponentProps) {
  return <EnquiriesList current={loaderData} />;
}
