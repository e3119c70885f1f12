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
import { useListLoading, useListParams, useUrlFilter } from '../../components/admin/list-params';
import {
  ENQUIRIES_PAGE_SIZE,
  enquiryCsvColumns,
  enquiryListDefaults,
  enquirySortColumns,
  fetchAllEnquiries,
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

/** `current`: the page the route's clientLoader read from the URL. */
export function EnquiriesList({ current }: { current: { rows: Enquiry[]; total: number } }) {
  const [params, setParams] = useListParams(enquiryListDefaults);
  const [status, changeStatus] = useUrlFilter('status', isEnquiryStatus);
  const loading = useListLoading();
  const { q, sort, dir } = params;

  return (
    <>
      <h1>Enquiries</h1>
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
        loading={loading}
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
