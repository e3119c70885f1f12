/** /admin/training-programs/new and /admin/training-programs/:id: create or edit one training program (features/admin-catalogue). */
import { useParams } from 'react-router';
import { ProgramForm } from '../../features/admin-catalogue/program-form';

export const meta = () => [{ title: 'Admin: training program' }, { name: 'robots', content: 'noindex' }];

export default function AdminProgramFormRoute() {
  const { id } = useParams();
  // The key makes a new form for another row (no values carried over from the last one).
  return <ProgramForm key={id ?? 'new'} id={id} />;
}
