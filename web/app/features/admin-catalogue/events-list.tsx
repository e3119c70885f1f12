/**
 * /admin/events: the events with search, sort, published filter, pages, CSV, publish, and delete
 * or (with registrations) cancel; each row says how many are registered and whether it is cancelled.
 */
import type { ColumnDef } from '../../components/admin/data-table';
import { timeColumn, type CsvColumn } from '../../components/admin/download-csv';
import { formatDateTime } from '../../lib/staff-time';
import { eventListDefaults, registeredPeople, type EventListRow, type EventRow } from './api/list-events';
import { CatalogueList } from './catalogue-list';
import { EventRowActions } from './event-row-actions';
import { publishedLabel } from './format';

const columns: ColumnDef<EventRow>[] = [
  { id: 'title', header: 'Title', accessorKey: 'title' },
  { id: 'starts_at', header: 'Starts', cell: ({ row }) => formatDateTime(row.original.starts_at) },
  { id: 'venue', header: 'Venue', accessorKey: 'venue' },
  {
    id: 'registered',
    header: 'Registered',
    cell: ({ row }) => registeredPeople((row.original as EventListRow).registrations),
  },
  {
    id: 'is_published',
    header: 'Status',
    cell: ({ row }) => (row.original.cancelled_at ? 'Cancelled' : publishedLabel(row.original.is_published)),
  },
];

const csvColumns: CsvColumn<EventRow>[] = [
  { header: 'Title', value: (row) => row.title },
  timeColumn('Starts', (row) => row.starts_at),
  timeColumn('Ends', (row) => row.ends_at),
  { header: 'Venue', value: (row) => row.venue },
  { header: 'Mode', value: (row) => row.mode },
  { header: 'Published', value: (row) => row.is_published },
];

const nameOf = (row: EventRow) => row.title;

export function EventsList({ page }: { page: { rows: EventListRow[]; total: number } }) {
  return (
    <CatalogueList
      table="events"
      page={page}
      heading="Events"
      kind="event"
      basePath="/admin/events"
      columns={columns}
      csvColumns={csvColumns}
      defaults={eventListDefaults}
      nameOf={nameOf}
      Actions={EventRowActions}
    />
  );
}
