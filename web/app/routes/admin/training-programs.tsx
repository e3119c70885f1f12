/** /admin/training-programs: the Training programs list (features/admin-catalogue). */
import { ProgramsList } from '../../features/admin-catalogue/programs-list';

export const meta = () => [{ title: 'Admin: Training programs' }, { name: 'robots', content: 'noindex' }];

export default function AdminProgramsListRoute() {
  return <ProgramsList />;
}
