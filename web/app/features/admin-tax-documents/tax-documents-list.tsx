/**
 * /admin/tax-documents: the tax invoices and credit notes for finance, newest first, filtered by
 * eTIMS state and period and searched by the buyer's KRA PIN or a document number; each with its
 * PDF, and "Retry" for one eTIMS refused or is still waiting for; every matching document exported
 * as the accountant's CSV with the VAT columns. Filters, sort and page live in the URL.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { usePostToRoute } from '../../components/admin/action-result';
import { CsvExportButton } from '../../components/admin/csv-export-button';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { FilterSelect } from '../../components/admin/filter-select';
import { useListLoading, useListParams, useUrlFilter } from '../../components/admin/list-params';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/staff-time';
import { fetchAllTaxDocuments, type TaxDocumentRow } from './api/list-tax-documents';
import { taxDocumentCsvColumns } from './tax-document-csv';
import { TaxDocumentPdfButton } from './tax-document-pdf-button';
import {
  etimsStatuses,
  isEtimsStatus,
  isIsoDay,
  TAX_DOCUMENTS_PAGE_SIZE,
  taxDocumentListDefaults,
  taxDocumentSortColumns,
} from './tax-document-query';
import { etimsStatusWords, kindWords } from './tax-document-words';

const kes = (amount: number) => formatMoney(amount, 'KES', { cents: true });

function RetryButton({ row }: { row: TaxDocumentRow }) {
  const { post, busy, pendingIntent } = usePostToRoute();
  if (row.etims_status === 'registered') return null;
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      disabled={busy}
      aria-label={`Retry eTIMS for ${row.document_number}`}
      onClick={() => void post({ intent: 'retry', documentId: row.id, number: row.document_number })}
    >
      {pendingIntent === 'retry' ? 'Retrying…' : 'Retry'}
    </button>
  );
}

const columns: ColumnDef<TaxDocumentRow>[] = [
  {
    id: 'document_number',
    header: 'Document',
    cell: ({ row }) => (
      <>
        {kindWords[row.original.kind as keyof typeof kindWords]} {row.original.document_number}
        <br />
        {row.original.orders && (
          <Link className="admin-muted" to={`/admin/orders/${row.original.order_id}`}>
            Order {row.original.orders.reference}
          </Link>
        )}
      </>
    ),
  },
  { id: 'issued_at', header: 'Issued', cell: ({ row }) => formatDateTime(row.original.issued_at) },
  {
    id: 'buyer',
    header: 'Buyer',
    cell: ({ row }) => (
      <>
        {row.original.buyer_organisation ?? row.original.buyer_name}
        <br />
        <span className="admin-muted">{row.original.buyer_kra_pin ?? 'No PIN'}</span>
      </>
    ),
  },
  { id: 'gross_kes', header: 'Total KES', cell: ({ row }) => kes(row.original.gross_kes) },
  { id: 'vat_kes', header: 'VAT KES', cell: ({ row }) => kes(row.original.vat_kes) },
  {
    id: 'etims_status',
    header: 'eTIMS',
    cell: ({ row }) => (
      <>
        {etimsStatusWords[row.original.etims_status as keyof typeof etimsStatusWords]}
        {row.original.etims_status !== 'registered' && row.original.etims_last_error && (
          <>
            <br />
            <span className="admin-muted">{row.original.etims_last_error}</span>
          </>
        )}
      </>
    ),
  },
  {
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <div className="row-actions">
        <TaxDocumentPdfButton document={row.original} />
        <RetryButton row={row.original} />
      </div>
    ),
  },
];

/** A day of the period, kept in the URL like the other filters. */
function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (next: string) => void }) {
  const id = useId();
  return (
    <div className="data-table__filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        className="field__input"
        value={value === 'all' ? '' : value}
        onChange={(event) => onChange(event.target.value === '' ? 'all' : event.target.value)}
      />
    </div>
  );
}

export function TaxDocumentsList({ current }: { current: { rows: TaxDocumentRow[]; total: number } }) {
  const [params, setParams] = useListParams(taxDocumentListDefaults);
  const [status, changeStatus] = useUrlFilter('status', isEtimsStatus);
  const [from, changeFrom] = useUrlFilter('from', isIsoDay);
  const [to, changeTo] = useUrlFilter('to', isIsoDay);
  const loading = useListLoading();
  const { q, sort, dir } = params;
  const filtered = q || status !== 'all' || from !== 'all' || to !== 'all';
  return (
    <>
      <h1>Tax documents</h1>
      <p>
        Tax invoices and credit notes, registered with KRA&rsquo;s eTIMS by the submission queue. A document eTIMS
        refused (or one still waiting) can be sent again with Retry.
      </p>
      <DataTable
        caption="Tax invoices and credit notes"
        columns={columns}
        rows={current.rows}
        total={current.total}
        pageSize={TAX_DOCUMENTS_PAGE_SIZE}
        params={params}
        onParamsChange={setParams}
        getRowId={(row) => row.id}
        sortable={taxDocumentSortColumns}
        publishedFilter={false}
        searchLabel="Buyer KRA PIN or document number"
        loading={loading}
        empty={filtered ? 'No documents match.' : 'No tax documents yet.'}
        toolbar={
          <>
            <FilterSelect
              label="eTIMS"
              value={status}
              choices={etimsStatuses.map((value) => ({ value, label: etimsStatusWords[value] }))}
              onChange={changeStatus}
            />
            <DayFilter label="Issued from" value={from} onChange={changeFrom} />
            <DayFilter label="Issued to" value={to} onChange={changeTo} />
            <CsvExportButton
              fetchRows={() => fetchAllTaxDocuments({ q, status, from, to, sort, dir })}
              columns={taxDocumentCsvColumns}
              fileStem="tax-documents"
              noun={['document', 'documents']}
            />
          </>
        }
      />
    </>
  );
}
