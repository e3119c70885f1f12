/** /admin/events/new and /admin/events/:id: create or edit one event (features/admin-catalogue), with its history from the audit log. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { screenRoles, type AdminRouteHandle } from '../../shell/admin/admin-access';
import { Link } from 'react-router';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { AdminRouteError, notFound } from '../../components/admin/route-error';
import { createEvent } from '../../features/admin-catalogue/api/create-event';
import { getEvent } from '../../features/admin-catalogue/api/get-event';
import { updateEvent } from '../../features/admin-catalogue/api/update-event';
import { EventForm } from '../../features/admin-catalogue/event-form';
import { listTaxClasses } from '../../lib/tax-classes';
import { saveAction } from '../../features/admin-catalogue/save-action';
import { AuditTrail, readHistory } from '../../shell/admin/audit-trail';
import type { Route } from './+types/event-edit';

export const meta = () => adminMeta('Event');

/** Opened by the roles that may change this table; anyone else sees why (the admin layout's guard). */
export const handle: AdminRouteHandle = { roles: screenRoles.eventEditor };

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!params.id) return { row: null, history: null, taxClasses: await listTaxClasses() };
  const [row, history, taxClasses] = await Promise.all([
    getEvent({ id: params.id }),
    readHistory('events', params.id),
    listTaxClasses(),
  ]);
  if (!row) throw notFound(recordNotFoundWords);
  return { row, history, taxClasses };
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return saveAction(await request.json(), {
    id: params.id,
    create: createEvent,
    update: updateEvent,
    nameOf: (event) => event.title,
    basePath: '/admin/events',
  });
}

export function ErrorBoundary() {
  return (
    <AdminRouteError heading="Edit event">
      <p>
        <Link to="/admin/events">← All events</Link>
      </p>
    </AdminRouteError>
  );
}

export default function AdminEventFormRoute({ loaderData: { row, history, taxClasses } }: Route.ComponentProps) {
  const id = row?.id;
  return (
    <>
      {/* The key makes a new form for another row (no values carried over from the last one). */}
      <EventForm key={id ?? 'new'} row={row} taxClasses={taxClasses} />
      {id && (
        <p>
          <Link to={`/admin/events/${id}/registrations`}>Registrations, waitlist and check-in</Link>
        </p>
      )}
      {id && <AuditTrail rowId={id} history={history} />}
    </>
  );
}
