/**
 * /admin/enquiries: the contact form's enquiries, newest first, filtered by status (new, in
 * progress, closed) and searched by name, e-mail, organisation or message; pages, sort and
 * filter in the URL; every matching enquiry exported as CSV.
 */
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/staff-time';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { CsvExportButton } from '../../components/admin/csv-export-button';
import { FilterSelect } from '../../components/admin/filter-select';
import { useListParams, useUrlFilter } from '../../components/admin/list-params';
import { useListPage } from '../../components/admin/use-list-page';
import {
  ENQUIRIES_PAGE_SIZE,
  enquiryCsvColumns,
  enquirySortColumns,
  fetchAllEnquiries,
  fetchEnquiriesPage,
  type Enquiry,
} from './enquiries-data';
import { enquiryStatusLabels, enquiryStatuses, isEnquiryStatus, statusLabel, topicLabel } from './enquiry-labels';
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

export function EnquiriesList() {
  const [params, setParams] = useListParams({ sort: 'created_at', dir: 'desc', sortable: enquirySortColumns });
  const [status, changeStatus] = useUrlFilter('status', isEnquiryStatus);
  const { q, sort, dir, page } = params;
  const key = JSON.stringify([q, status, sort, dir, page]);
  const [current] = useListPage(key, () => fetchEnquiriesPage({ q, status, sort, dir }, page));

  return (
    <>
      <h1>Enquiries</h1>
      {current.error && (
        <p className="notice notice--error" role="alert">
          {current.error}
        </p>
      )}
      <DataTable
        caption="Enquiries"
        columns={columns}
        rows={current.rows}
        total={current.total}
        pageSize={ENQUIRIES_PAGE_SIZE}
        params={params}
        onParamsChange={setParams}
        getRowId={(row) => row.id}
        sortable={enquirySortColumns}
        publishedFilter={false}
        searchLabel="Search name, e-mail, organisation or message"
        loading={current.loading}
        empty={q || status !== 'all' ? 'No enquiries match.' : 'No enquiries yet.'}
        toolbar={
          <>
            <FilterSelect
              label="Status"
              value={status}
              choices={enquiryStatuses.map((value) => ({ value, label: enquiryStatusLabels[value] }))}
              onChange={changeStatus}
            />
            <CsvExportButton
              fetchRows={() => fetchAllEnquiries({ q, status, sort, dir })}
              columns={enquiryCsvColumns}
              fileStem="enquiries"
              noun={['enquiry', 'enquiries']}
            />
          </>
        }
      />
    </>
  );
}
