/**
 * /admin/tax-documents: finance's list of tax invoices and credit notes, below it the latest
 * payment receipts, and the VAT classes with their rates (features/admin-tax-documents).
 */
import { adminMeta } from '../../shell/admin/admin-meta';
import type { AdminRouteHandle } from '../../shell/admin/admin-access';
import { screenRoles } from '../../shell/admin/admin-access';
import { parseListParams } from '../../components/admin/list-params';
import { AdminRouteError } from '../../components/admin/route-error';
import { listTaxDocuments } from '../../features/admin-tax-documents/api/list-tax-documents';
import { LATEST_RECEIPTS, listPaymentReceipts } from '../../features/admin-tax-documents/api/list-payment-receipts';
import { PaymentReceiptsTable } from '../../features/admin-tax-documents/payment-receipts-table';
import { taxDocumentsAction } from '../../features/admin-tax-documents/tax-documents-action';
import { TaxDocumentsList } from '../../features/admin-tax-documents/tax-documents-list';
import { listVatClasses } from '../../features/admin-tax-documents/api/vat-rates';
import { VatRates } from '../../features/admin-tax-documents/vat-rates';
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
  const [documents, receipts, vatClasses] = await Promise.all([
    listTaxDocuments({
      q,
      sort,
      dir,
      page,
      status: isEtimsStatus(status) ? status : 'all',
      from: isIsoDay(from) ? from : 'all',
      to: isIsoDay(to) ? to : 'all',
    }),
    listPaymentReceipts({}),
    listVatClasses(),
  ]);
  return { documents, receipts, vatClasses };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return taxDocumentsAction(await request.json());
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Tax documents" />;
}

export default function TaxDocumentsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <TaxDocumentsList current={loaderData.documents} />
      <section aria-labelledby="payment-receipts-heading">
        <h2 id="payment-receipts-heading">Latest payment receipts</h2>
        <p>
          A receipt for each payment, newest first (the latest {LATEST_RECEIPTS}). Receipts are not tax documents and
          are not sent to eTIMS.
        </p>
        {loaderData.receipts.length === 0 ? (
          <p>No payment has been received yet.</p>
        ) : (
          <PaymentReceiptsTable receipts={loaderData.receipts} caption="The latest payment receipts" showOrder />
        )}
      </section>
      <VatRates classes={loaderData.vatClasses} />
    </>
  );
}
