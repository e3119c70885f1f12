/**
 * /admin/enquiries: the contact form's enquiries, newest first, filtered by status (new, in
 * progress, closed) and searched by name, e-mail, organisation or message; pages, sort and
 * filter in the URL; every matching enquiry exported as CSV.
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { describeDbError } from '../../components/admin/describe-db-error';
import { downloadCsv } from '../../components/admin/download-csv';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { useListParams, useUrlSearchParams } from '../../components/admin/list-params';
import {
  ENQUIRIES_PAGE_SIZE,
  enquiryCsvColumns,
  enquirySortColumns,
  fetchAllEnquiries,
  fetchEnquiriesPage,
  type Enquiry,
} from './enquiries-data';
import {
  enquiryStatusLabels,
  enquiryStatuses,
  formatDateTime,
  isEnquiryStatus,
  statusLabel,
  topicLabel,
} from './enquiry-labels';
import './admin-enquiries.css';

const columns: ColumnDef<Enquiry>[] = [
  { id: 'created_at', header: 'Received', cell: ({ row }) => formatDateTime(row.original.created_at) },
  {
    id: 'name',
    header: 'From',
    cell: ({ row }) => (
      <>
        <Link to={`/admin/enquiries/${row.original.id}`}>{row.original.name}</Link>
        <br />
        <span className="enquiry-muted">{row.original.email}</span>
      </>
    ),
  },
  { id: 'organisation', header: 'Organisation', cell: ({ row }) => row.original.organisation ?? '—' },
  { id: 'topic', header: 'Topic', cell: ({ row }) => topicLabel(row.original.topic) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <span className={`enquiry-status enquiry-status--${row.original.status}`}>
        {statusLabel(row.original.status)}
      </span>
    ),
  },
  { id: 'assignee', header: 'Assigned to', cell: ({ row }) => row.original.assignee?.email ?? '—' },
];

interface Loaded {
  key: string;
  rows: Enquiry[];
  total: number;
  error: string | null;
}

export function EnquiriesList() {
  const [params, setParams] = useListParams({ sort: 'created_at', dir: 'desc', sortable: enquirySortColumns });
  const [search, setSearch] = useUrlSearchParams();
  const statusParam = search.get('status');
  const status = isEnquiryStatus(statusParam) ? statusParam : 'all';
  const { q, sort, dir, page } = params;
  const key = JSON.stringify([q, status, sort, dir, page]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [exporting, setExporting] = useState(false);
  const statusId = useId();

  useEffect(() => {
    let live = true;
    fetchEnquiriesPage({ q, status, sort, dir }, page).then(
      ({ rows, total }) => live && setLoaded({ key, rows, total, error: null }),
      (error: unknown) => live && setLoaded({ key, rows: [], total: 0, error: describeDbError(error) }),
    );
    return () => {
      live = false;
    };
  }, [key, q, status, sort, dir, page]);

  function changeStatus(next: string) {
    setSearch((previous) => {
      const updated = new URLSearchParams(previous);
      if (next === 'all') updated.delete('status');
      else updated.set('status', next);
      updated.delete('page');
      return updated;
    });
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await fetchAllEnquiries({ q, status, sort, dir });
      downloadCsv(rows, enquiryCsvColumns, `enquiries-${new Date().toISOString().slice(0, 10)}.csv`);
      void toastSuccess(`Exported ${rows.length} ${rows.length === 1 ? 'enquiry' : 'enquiries'}.`);
    } catch (error) {
      void toastError(describeDbError(error));
    } finally {
      setExporting(false);
    }
  }

  const current = loaded?.key === key ? loaded : null;
  return (
    <>
      <h1>Enquiries</h1>
      {current?.error && (
        <p className="notice notice--error" role="alert">
          {current.error}
        </p>
      )}
      <DataTable
        caption="Enquiries"
        columns={columns}
        rows={current?.rows ?? []}
        total={current?.total ?? 0}
        pageSize={ENQUIRIES_PAGE_SIZE}
        params={params}
        onParamsChange={setParams}
        getRowId={(row) => row.id}
        sortable={enquirySortColumns}
        publishedFilter={false}
        searchLabel="Search name, e-mail, organisation or message"
        loading={!current}
        empty={q || status !== 'all' ? 'No enquiries match.' : 'No enquiries yet.'}
        toolbar={
          <>
            <div className="data-table__filter">
              <label htmlFor={statusId}>Status</label>
              <select
                id={statusId}
                className="field__input"
                value={status}
                onChange={(event) => changeStatus(event.target.value)}
              >
                <option value="all">All</option>
                {enquiryStatuses.map((value) => (
                  <option key={value} value={value}>
                    {enquiryStatusLabels[value]}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={exportCsv}
              disabled={exporting}
            >
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
          </>
        }
      />
    </>
  );
}
