/**
 * /admin/intakes/:id: an intake's roster, attendance and completion (features/admin-rosters) and
 * its certificates (features/admin-certificates), reached from its program's intakes.
 */
import { adminMeta } from '../../shell/admin/admin-meta';
import { Link } from 'react-router';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { AdminRouteError, notFound } from '../../components/admin/route-error';
import { certificateAction, isCertificateIntent } from '../../features/admin-certificates/certificate-action';
import { CertificatesSection } from '../../features/admin-certificates/certificates-section';
import { listIntakeCertificates } from '../../features/admin-certificates/api/list-intake-certificates';
import { isOrderStatus, statusLabels } from '../../features/admin-orders/order-status';
import { getIntakeRoster } from '../../features/admin-rosters/api/get-intake-roster';
import { rosterAction } from '../../features/admin-rosters/roster-action';
import { RosterPage } from '../../features/admin-rosters/roster-page';
import { isUuid } from '../../lib/uuid';
import type { Route } from './+types/intake-roster';

export const meta = () => adminMeta('Intake roster');

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!isUuid(params.id)) throw notFound(recordNotFoundWords);
  const [roster, certificates] = await Promise.all([
    getIntakeRoster({ intakeId: params.id }),
    listIntakeCertificates({ intakeId: params.id }),
  ]);
  if (!roster) throw notFound(recordNotFoundWords);
  return { roster, certificates };
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const body: unknown = await request.json();
  return isCertificateIntent(body) ? certificateAction(params.id, body) : rosterAction(params.id, body);
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
  return (
    <RosterPage roster={loaderData.roster} orderStatusLabel={orderStatusLabel}>
      <CertificatesSection participants={loaderData.roster.participants} certificates={loaderData.certificates} />
    </RosterPage>
  );
}
