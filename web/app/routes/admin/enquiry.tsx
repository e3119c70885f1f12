/** /admin/enquiries/:id: one enquiry, its handling and its audit trail (features/admin-enquiries). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { AdminRecordError, notFound } from '../../components/admin/route-error';
import { getEnquiry } from '../../features/admin-enquiries/api/get-enquiry';
import { listStaffMembers } from '../../features/admin-enquiries/api/list-staff-members';
import { EnquiryView } from '../../features/admin-enquiries/enquiry-detail';
import { handlingAction } from '../../features/admin-enquiries/handling-action';
import { AuditTrail, readHistory } from '../../shell/admin/audit-trail';
import type { Route } from './+types/enquiry';

export const meta = () => adminMeta('Enquiry');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [enquiry, staff, history] = await Promise.all([
    getEnquiry({ id: params.id }),
    listStaffMembers(),
    readHistory('enquiries', params.id),
  ]);
  if (!enquiry) throw notFound(recordNotFoundWords);
  return { enquiry, staff, history };
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return handlingAction(params.id, await request.json());
}

export function ErrorBoundary() {
  return <AdminRecordError kind="enquiry" back={{ to: '/admin/enquiries', label: 'Back to the enquiries' }} />;
}

export default function EnquiryRoute({ loaderData: { enquiry, staff, history } }: Route.ComponentProps) {
  // Keyed by the enquiry: a new form for another enquiry (nothing typed for one shows on another).
  return (
    <>
      <EnquiryView key={enquiry.id} enquiry={enquiry} staff={staff} />
      <AuditTrail rowId={enquiry.id} history={history} />
    </>
  );
}
