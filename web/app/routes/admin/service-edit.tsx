/** /admin/services/new and /admin/services/:id: create or edit one service (features/admin-catalogue), with its history from the audit log. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { useState } from 'react';
import { ServiceForm } from '../../features/admin-catalogue/service-form';
import { AuditTrail } from '../../shell/admin/audit-trail';
import type { Route } from './+types/service-edit';

export const meta = () => adminMeta('Service');

export default function AdminServiceFormRoute({ params }: Route.ComponentProps) {
  const { id } = params;
  // Bumped after each save so the history below reads the new entry.
  const [saves, setSaves] = useState(0);
  return (
    <>
      {/* The key makes a new form for another row (no values carried over from the last one). */}
      <ServiceForm key={id ?? 'new'} id={id} onSaved={() => setSaves((count) => count + 1)} />
      {id && <AuditTrail key={`${id}-${saves}`} table="services" rowId={id} />}
    </>
  );
}
