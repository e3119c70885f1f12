/** /admin/training-programs/new and /admin/training-programs/:id: create or edit one training program and its intakes (features/admin-catalogue), with its history from the audit log. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { screenRoles, type AdminRouteHandle } from '../../shell/admin/admin-access';
import { Link } from 'react-router';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { AdminRouteError, notFound } from '../../components/admin/route-error';
import { createTrainingProgram } from '../../features/admin-catalogue/api/create-training-program';
import { getTrainingProgram } from '../../features/admin-catalogue/api/get-training-program';
import { listIntakes } from '../../features/admin-catalogue/api/list-intakes';
import { listProgramCategories } from '../../features/admin-catalogue/api/list-program-categories';
import { updateTrainingProgram } from '../../features/admin-catalogue/api/update-training-program';
import { intakeAction, isIntakeIntent } from '../../features/admin-catalogue/intake-action';
import { ProgramForm } from '../../features/admin-catalogue/program-form';
import { listTaxClasses } from '../../lib/tax-classes';
import { saveAction } from '../../features/admin-catalogue/save-action';
import { isUuid } from '../../lib/uuid';
import { AuditTrail, readHistory } from '../../shell/admin/audit-trail';
import type { Route } from './+types/training-program-edit';

export const meta = () => adminMeta('Training program');

/** Opened by the roles that may change this table; anyone else sees why (the admin layout's guard). */
export const handle: AdminRouteHandle = { roles: screenRoles.programEditor };

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const categories = listProgramCategories();
  const taxClasses = listTaxClasses();
  if (!params.id)
    return { row: null, intakes: [], categories: await categories, taxClasses: await taxClasses, history: null };
  // A mistyped id names no program (and its intakes cannot be asked for).
  if (!isUuid(params.id)) throw notFound(recordNotFoundWords);
  const [row, intakes, history] = await Promise.all([
    getTrainingProgram({ id: params.id }),
    listIntakes({ programId: params.id }),
    readHistory('training_programs', params.id),
  ]);
  if (!row) throw notFound(recordNotFoundWords);
  return { row, intakes, categories: await categories, taxClasses: await taxClasses, history };
}

/** The program's form, or (with their own intent) its intakes' changes. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const body: unknown = await request.json();
  if (params.id && isIntakeIntent(body)) return intakeAction(params.id, body);
  return saveAction(body, {
    id: params.id,
    create: createTrainingProgram,
    update: updateTrainingProgram,
    nameOf: (program) => program.title,
    basePath: '/admin/training-programs',
  });
}

export function ErrorBoundary() {
  return (
    <AdminRouteError heading="Edit training program">
      <p>
        <Link to="/admin/training-programs">← All training programs</Link>
      </p>
    </AdminRouteError>
  );
}

export default function AdminProgramFormRoute({
  loaderData: { row, intakes, categories, taxClasses, history },
}: Route.ComponentProps) {
  const id = row?.id;
  return (
    <>
      {/* The key makes a new form for another row (no values carried over from the last one). */}
      <ProgramForm key={id ?? 'new'} row={row} intakes={intakes} categories={categories} taxClasses={taxClasses} />
      {id && <AuditTrail rowId={id} history={history} />}
    </>
  );
}
