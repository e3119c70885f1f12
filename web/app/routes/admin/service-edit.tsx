/** /admin/services/new and /admin/services/:id: create or edit one service (features/admin-catalogue), with its history from the audit log. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { screenRoles, type AdminRouteHandle } from '../../shell/admin/admin-access';
import { Link } from 'react-router';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { AdminRouteError, notFound } from '../../components/admin/route-error';
import { createService } from '../../features/admin-catalogue/api/create-service';
import { getService } from '../../features/admin-catalogue/api/get-service';
import { updateService } from '../../features/admin-catalogue/api/update-service';
import { saveAction } from '../../features/admin-catalogue/save-action';
import { ServiceForm } from '../../features/admin-catalogue/service-form';
import { AuditTrail, readHistory } from '../../shell/admin/audit-trail';
import type { Route } from './+types/service-edit';

export const meta = () => adminMeta('Service');

/** Opened by the roles that may change this table; anyone else sees why (the admin layout's guard). */
export const handle: AdminRouteHandle = { roles: screenRoles.serviceEditor };

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!params.id) return { row: null, history: null };
  const [row, history] = await Promise.all([getService({ id: params.id }), readHistory('services', params.id)]);
  if (!row) throw notFound(recordNotFoundWords);
  return { row, history };
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return saveAction(await request.json(), {
    id: params.id,
    create: createService,
    update: updateService,
    nameOf: (service) => service.title,
    basePath: '/admin/services',
  });
}

export function ErrorBoundary() {
  return (
    <AdminRouteError heading="Edit service">
      <p>
        <Link to="/admin/services">← All services</Link>
      </p>
    </AdminRouteError>
  );
}

export default function AdminServiceFormRoute({ loaderData: { row, history } }: Route.ComponentProps) {
  const id = row?.id;
  return (
    <>
      {/* The key makes a new form for another row (no values carried over from the last one). */}
      <ServiceForm key={id ?? 'new'} row={row} />
      {id && <AuditTrail rowId={id} history={history} />}
    </>
  );
}
