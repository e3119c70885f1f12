/** /admin/training-programs: the Training programs list (features/admin-catalogue). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { ProgramsList } from '../../features/admin-catalogue/programs-list';

export const meta = () => adminMeta('Training programs');

export default function AdminProgramsListRoute() {
  return <ProgramsList />;
}
