/** /admin/training-programs/new and /admin/training-programs/:id: create or edit one training program (features/admin-catalogue), with its history from the audit log. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { useState } from 'react';
import { ProgramForm } from '../../features/admin-catalogue/program-form';
import { AuditTrail } from '../../shell/admin/audit-trail';
import type { Route } from './+types/training-program-edit';

export const meta = () => adminMeta('Training program');

export default function AdminProgramFormRoute({ params }: Route.ComponentProps) {
  const { id } = params;
  // Bumped after each save so the history below reads the new entry.
  const [saves, setSaves] = useState(0);
  return (
    <>
      {/* The key makes a new form for another row (no values carried over from the last one). */}
      <ProgramForm key={id ?? 'new'} id={id} onSaved={() => setSaves((count) => count + 1)} />
      {id && <AuditTrail key={`${id}-${saves}`} table="training_programs" rowId={id} />}
    </>
  );
}
