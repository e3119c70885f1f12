/** /admin/events/new and /admin/events/:id: create or edit one event (features/admin-catalogue), with its history from the audit log. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { useState } from 'react';
import { Link } from 'react-router';
import { EventForm } from '../../features/admin-catalogue/event-form';
import { AuditTrail } from '../../shell/admin/audit-trail';
import type { Route } from './+types/event-edit';

export const meta = () => adminMeta('Event');

export default function AdminEventFormRoute({ params }: Route.ComponentProps) {
  const { id } = params;
  // Bumped after each save so the history below reads the new entry.
  const [saves, setSaves] = useState(0);
  return (
    <>
      {/* The key makes a new form for another row (no values carried over from the last one). */}
      <EventForm key={id ?? 'new'} id={id} onSaved={() => setSaves((count) => count + 1)} />
      {id && (
        <p>
          <Link to={`/admin/events/${id}/registrations`}>Registrations, waitlist and check-in</Link>
        </p>
      )}
      {id && <AuditTrail key={`${id}-${saves}`} table="events" rowId={id} />}
    </>
  );
}
