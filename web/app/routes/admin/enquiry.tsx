/** /admin/enquiries/:id: one enquiry, its handling and its audit trail (features/admin-enquiries). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { AdminRecordError, notFound } from '../../components/admin/route-error';
import { getEnquiry } from '../../features/admin-enquiries/api/get-enquiry';
import { listStaffMembers } from '../../features/admin-enquiries/api/list-staff-members';
import { EnquiryView } from '../../features/admin-enquiries/enquiry-detail';
import { handlingAction } from '../../features/admin-enquiries/handling-action';
import { AuditTrail } from '../../shell/admin/audit-trail';
import type { Route } from './+types/enquiry';

export const meta = () => adminMeta('Enquiry');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [enquiry, staff] = await Promise.all([getEnquiry({ id: params.id }), listStaffMembers()]);
  if (!enquiry) throw notFound(recordNotFoundWords);
  return { enquiry, staff };
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return handlingAction(params.id, await request.json());
}

export function ErrorBoundary() {
  return <AdminRecordError kind="enquiry" back={{ to: '/admin/enquiries', label: 'Back to the enquiries' }} />;
}

export default function EnquiryRoute({ loaderData: { enquiry, staff } }: Route.ComponentProps) {
  // Keyed by the enquiry and its last change: a new form for another enquiry (nothing typed for
  // one shows on another), and the history read again after each save.
  return (
    <>
      <EnquiryView key={enquiry.id} enquiry={enquiry} staff={staff} />
      <AuditTrail key={`${enquiry.id}-${enquiry.updated_at}`} table="enquiries" rowId={enquiry.id} />
    </>
  );
}
