/**
 * /admin/subscribers: newsletter sign-ups with their status (pending, confirmed, unsubscribed),
 * filtered by status, searched by e-mail, newest first, exported as CSV, and removed one at a
 * time after a confirmation that names the address.
 */
import { useState } from 'react';
import { formatDate } from '../../lib/staff-time';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { CsvExportButton } from '../../components/admin/csv-export-button';
import { FilterSelect } from '../../components/admin/filter-select';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { useListLoading, useListParams, useUrlFilter } from '../../components/admin/list-params';
import type { RemoveIntent } from './remove-action';
import {
  subscriberExportPages,
  isSubscriberStatus,
  subscriberCsvColumns,
  subscriberListDefaults,
  subscriberSortColumns,
  subscriberStatuses,
  subscriberStatusLabels,
  SUBSCRIBERS_PAGE_SIZE,
  type Subscriber,
} from './subscribers-data';

/** `current`: the page the route's clientLoader read from the URL. */
export function SubscribersList({ current }: { current: { rows: Subscriber[]; total: number } }) {
  const [params, setParams] = useListParams(subscriberListDefaults);
  const [status, changeStatus] = useUrlFilter('status', isSubscriberStatus);
  const loading = useListLoading();
  const { q, sort, dir } = params;
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const { post, busy } = usePostToRoute();
  // The confirmation closes once the subscriber is gone; after a refusal it stays (the toast says why).
  useActionResult('remove', (result) => {
    if (result.ok) setRemoving(null);
  });

  function confirmRemove() {
    if (!removing) return;
    const intent: RemoveIntent = { intent: 'remove', id: removing.id, email: removing.email };
    void post(intent);
  }

  const columns: ColumnDef<Subscriber>[] = [
    { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const value = row.original.status;
        return isSubscriberStatus(value) ? subscriberStatusLabels[value] : value;
      },
    },
    { id: 'source', header: 'Source', cell: ({ row }) => row.original.source },
    { id: 'created_at', header: 'Subscribed', cell: ({ row }) => formatDate(row.original.created_at) },
    {
      id: 'unsubscribed_at',
      header: 'Unsubscribed',
      cell: ({ row }) => (row.original.unsubscribed_at ? formatDate(row.original.unsubscribed_at) : '—'),
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row }) => (
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => setRemoving(row.original)}
          aria-label={`Remove ${row.original.email}`}
        >
          Remove
        </button>
      ),
    },
  ];

  return (
    <>
      <h1>Newsletter subscribers</h1>
      <DataTable
        caption="Newsletter subscribers"
        columns={columns}
        rows={current.rows}
        total={current.total}
        pageSize={SUBSCRIBERS_PAGE_SIZE}
        params={params}
        onParamsChange={setParams}
        getRowId={(row) => row.id}
        sortable={subscriberSortColumns}
        publishedFilter={false}
        searchLabel="Search e-mail or source"
        loading={loading}
        empty={q || status !== 'all' ? 'No subscribers match.' : 'No subscribers yet.'}
        toolbar={
          <>
            <FilterSelect
              label="Status"
              value={status}
              choices={subscriberStatuses.map((value) => ({ value, label: subscriberStatusLabels[value] }))}
              onChange={changeStatus}
            />
            <CsvExportButton
              rowPages={() => subscriberExportPages({ q, status, sort, dir })}
              columns={subscriberCsvColumns}
              fileStem="subscribers"
              noun={['subscriber', 'subscribers']}
            />
          </>
        }
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the subscriber “${removing?.email ?? ''}”?`}
        description="They will receive no more newsletters. This cannot be undone; they can sign up again."
        confirmLabel="Remove subscriber"
        busy={busy}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
