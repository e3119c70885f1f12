/**
 * /admin/subscribers: newsletter sign-ups with their status (pending, confirmed, unsubscribed),
 * filtered by status, searched by e-mail, newest first, exported as CSV, and removed one at a
 * time after a confirmation that names the address.
 */
import { useState } from 'react';
import { formatDate } from '../../lib/staff-time';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { describeDbError } from '../../components/admin/describe-db-error';
import { CsvExportButton } from '../../components/admin/csv-export-button';
import { FilterSelect } from '../../components/admin/filter-select';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { useListParams, useUrlFilter } from '../../components/admin/list-params';
import { useListPage } from '../../components/admin/use-list-page';
import {
  subscriberExportPages,
  fetchSubscribersPage,
  isSubscriberStatus,
  removeSubscriber,
  subscriberCsvColumns,
  subscriberSortColumns,
  subscriberStatuses,
  subscriberStatusLabels,
  SUBSCRIBERS_PAGE_SIZE,
  type Subscriber,
} from './subscribers-data';

export function SubscribersList() {
  const [params, setParams] = useListParams({ sort: 'created_at', dir: 'desc', sortable: subscriberSortColumns });
  const [status, changeStatus] = useUrlFilter('status', isSubscriberStatus);
  const { q, sort, dir, page } = params;
  const key = JSON.stringify([q, status, sort, dir, page]);
  const [current, reload] = useListPage(key, () => fetchSubscribersPage({ q, status, sort, dir }, page));
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmRemove() {
    if (!removing) return;
    setBusy(true);
    try {
      await removeSubscriber(removing.id);
      void toastSuccess(`Removed ${removing.email}.`);
      setRemoving(null);
      reload();
    } catch (error) {
      void toastError(describeDbError(error));
    } finally {
      setBusy(false);
    }
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
      {current.error && (
        <p className="notice notice--error" role="alert">
          {current.error}
        </p>
      )}
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
        loading={current.loading}
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
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
