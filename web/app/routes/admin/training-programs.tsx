/** /admin/training-programs: the Training programs list (features/admin-catalogue), read from the URL's list state. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { AdminRouteError } from '../../components/admin/route-error';
import { parseListParams } from '../../components/admin/list-params';
import {
  trainingProgramListDefaults,
  listTrainingPrograms,
} from '../../features/admin-catalogue/api/list-training-programs';
import { ProgramsList } from '../../features/admin-catalogue/programs-list';
import { catalogueRowAction } from '../../features/admin-catalogue/row-action';
import type { Route } from './+types/training-programs';

export const meta = () => adminMeta('Training programs');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return listTrainingPrograms(parseListParams(new URL(request.url).searchParams, trainingProgramListDefaults));
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return catalogueRowAction('training_programs', request);
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Training programs" />;
}

export default function AdminProgramsListRoute({ loaderData }: Route.ComponentProps) {
  return <ProgramsList page={loaderData} />;
}
