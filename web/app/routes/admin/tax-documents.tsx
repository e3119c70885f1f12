/** /admin/tax-documents: finance's list of tax invoices and credit notes (features/admin-tax-documents). */
import { adminMeta } from '../../shell/admin/admin-meta';
import type { AdminRouteHandle } from '../../shell/admin/admin-access';
import { screenRoles } from '../../shell/admin/admin-access';
import { parseListParams } from '../../components/admin/list-params';
import { AdminRouteError } from '../../components/admin/route-error';
import { listTaxDocuments } from '../../features/admin-tax-documents/api/list-tax-documents';
import { taxDocumentsAction } from '../../features/admin-tax-documents/tax-documents-action';
import { TaxDocumentsList } from '../../features/admin-tax-documents/tax-documents-list';
import {
  isEtimsStatus,
  isIsoDay,
  taxDocumentListDefaults,
} from '../../features/admin-tax-documents/tax-document-query';
import type { Route } from './+types/tax-documents';

export const meta = () => adminMeta('Tax documents');

export const handle: AdminRouteHandle = { roles: screenRoles.taxDocuments };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const { q, sort, dir, page } = parseListParams(search, taxDocumentListDefaults);
  const status = search.get('status');
  const from = search.get('from');
  const to = search.get('to');
  return listTaxDocuments({
    q,
    sort,
    dir,
    page,
    status: isEtimsStatus(status) ? status : 'all',
    from: isIsoDay(from) ? from : 'all',
    to: isIsoDay(to) ? to : 'all',
  });
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return taxDocumentsAction(await request.json());
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Tax documents" />;
}

export default function TaxDocumentsRoute({ loaderData }: Route.ComponentProps) {
  return <TaxDocumentsList current={loaderData} />;
}
