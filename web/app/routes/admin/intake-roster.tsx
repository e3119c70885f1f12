/** /admin/intakes/:id: an intake's roster, attendance and completion (features/admin-rosters), reached from its program's intakes. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { Link } from 'react-router';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { AdminRouteError, notFound } from '../../components/admin/route-error';
import { isOrderStatus, statusLabels } from '../../features/admin-orders/order-status';
import { getIntakeRoster } from '../../features/admin-rosters/api/get-intake-roster';
import { rosterAction } from '../../features/admin-rosters/roster-action';
import { RosterPage } from '../../features/admin-rosters/roster-page';
import { isUuid } from '../../lib/uuid';
import type { Route } from './+types/intake-roster';

export const meta = () => adminMeta('Intake roster');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!isUuid(params.id)) throw notFound(recordNotFoundWords);
  const roster = await getIntakeRoster({ intakeId: params.id });
  if (!roster) throw notFound(recordNotFoundWords);
  return roster;
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return rosterAction(params.id, await request.json());
}

export function ErrorBoundary() {
  return (
    <AdminRouteError heading="Intake roster">
      <p>
        <Link to="/admin/training-programs">← All training programs</Link>
      </p>
    </AdminRouteError>
  );
}

const orderStatusLabel = (status: string) => (isOrderStatus(status) ? statusLabels[status] : status);

export default function AdminIntakeRosterRoute({ loaderData }: Route.ComponentProps) {
  return <RosterPage roster={loaderData} orderStatusLabel={orderStatusLabel} />;
}
