/** /admin/enquiries/:id: one enquiry, its handling and its audit trail (features/admin-enquiries). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { useState } from 'react';
import { EnquiryDetail } from '../../features/admin-enquiries/enquiry-detail';
import { AuditTrail } from '../../shell/admin/audit-trail';
import type { Route } from './+types/enquiry';

export const meta = () => adminMeta('Enquiry');

export default function EnquiryRoute({ params }: Route.ComponentProps) {
  const { id } = params;
  const [version, setVersion] = useState(0);
  // Re-mounted per enquiry so nothing typed for one enquiry shows on another.
  return (
    <EnquiryDetail
      key={id}
      enquiryId={id}
      onSaved={() => setVersion((v) => v + 1)}
      history={<AuditTrail key={`${id}-${version}`} table="enquiries" rowId={id} />}
    />
  );
}
