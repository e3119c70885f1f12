/** /maintenance-preview: always shows the maintenance page, so staff can check it before switching. */
import { MaintenancePage } from '../components/layout/maintenance-page';
import { useRootData } from '../root';

export const meta = () => [{ title: 'Maintenance preview' }, { name: 'robots', content: 'noindex' }];

export default function MaintenancePreview() {
  const root = useRootData();
  if (!root) return null;
  return <MaintenancePage settings={root.settings} />;
}
