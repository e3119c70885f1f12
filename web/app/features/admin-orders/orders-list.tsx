/**
 * /admin/orders: the orders, newest first, filtered by status and by paid-by-M-Pesa, searched by reference, e-mail
 * or organisation; pages, sort and filter in the URL; every matching order exported as CSV.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { describeDbError } from '../../components/admin/describe-db-error';
import { CsvExportButton } from '../../components/admin/csv-export-button';
import { FilterSelect } from '../../components/admin/filter-select';
import { useListParams, useUrlSearchParams } from '../../components/admin/list-params';
import { formatMoney } from '../../lib/money';
import {
  fetchAllOrders,
  fetchOrdersPage,
  isPaidFilter,
  ORDERS_PAGE_SIZE,
  orderSortColumns,
  type OrderListRow,
} from './fetch-orders';
import { orderCsvColumns } from './order-csv';
import { isOrderStatus, orderStatuses, statusLabels } from './order-status';
import { formatDateTime } from './format';
import './admin-orders.css';

const columns: ColumnDef<OrderListRow>[] = [
  {
    id: 'reference',
    header: 'Reference',
    cell: ({ row }) => <Link to={`/admin/orders/${row.original.id}`}>{row.original.reference}</Link>,
  },
  { id: 'created_at', header: 'Placed', cell: ({ row }) => formatDateTime(row.original.created_at) },
  {
    id: 'customer',
    header: 'Customer',
    cell: ({ row }) => (
      <>
        {row.original.customer_name}
        <br />
        <span className="admin-muted">{row.original.customer_email}</span>
      </>
    ),
  },
  { id: 'organisation', header: 'Organisation', cell: ({ row }) => row.original.organisation ?? '—' },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => {
      const status = row.original.status;
      const mpesa = row.original.mpesa_paid[0];
      return (
        <>
          <span className={`order-status order-status--${status}`}>
            {isOrderStatus(status) ? statusLabels[status] : status}
          </span>
          {mpesa && (
            <>
              <br />
              <span className="admin-muted">M-Pesa{mpesa.receipt ? ` ${mpesa.receipt}` : ''}</span>
            </>
          )}
        </>
      );
    },
  },
  {
    id: 'total_usd',
    header: 'Total',
    cell: ({ row }) =>
      row.original.currency === 'KES'
        ? formatMoney(row.original.total_kes, 'KES', { cents: true })
        : formatMoney(row.original.total_usd, 'USD', { cents: true }),
  },
];

interface Loaded {
  key: string;
  rows: OrderListRow[];
  total: number;
  error: string | null;
}

export function OrdersList() {
  const [params, setParams] = useListParams({ sort: 'created_at', dir: 'desc', sortable: orderSortColumns });
  const [search, setSearch] = useUrlSearchParams();
  const statusParam = search.get('status');
  const status = isOrderStatus(statusParam) ? statusParam : 'all';
  const paidParam = search.get('paid');
  const paid = isPaidFilter(paidParam) ? paidParam : 'all';
  const { q, sort, dir, page } = params;
  const key = JSON.stringify([q, status, paid, sort, dir, page]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    fetchOrdersPage({ q, status, paid, sort, dir }, page).then(
      ({ rows, total }) => live && setLoaded({ key, rows, total, error: null }),
      (error: unknown) => live && setLoaded({ key, rows: [], total: 0, error: describeDbError(error) }),
    );
    return () => {
      live = false;
    };
  }, [key, q, status, paid, sort, dir, page]);

  /** A filter in the URL (`all` is its absence); a new filter starts again on page 1. */
  function changeFilter(name: 'status' | 'paid', next: string) {
    setSearch((previous) => {
      const updated = new URLSearchParams(previous);
      if (next === 'all') updated.delete(name);
      else updated.set(name, next);
      updated.delete('page');
      return updated;
    });
  }

  const current = loaded?.key === key ? loaded : null;
  return (
    <>
      <h1>Orders</h1>
      {current?.error && (
        <p className="notice notice--error" role="alert">
          {current.error}
        </p>
      )}
      <DataTable
        caption="Orders"
        columns={columns}
        rows={current?.rows ?? []}
        total={current?.total ?? 0}
        pageSize={ORDERS_PAGE_SIZE}
        params={params}
        onParamsChange={setParams}
        getRowId={(row) => row.id}
        sortable={orderSortColumns}
        publishedFilter={false}
        searchLabel="Search reference, e-mail or organisation"
        loading={!current}
        empty={q || status !== 'all' || paid !== 'all' ? 'No orders match.' : 'No orders yet.'}
        toolbar={
          <>
            <FilterSelect
              label="Status"
              value={status}
              choices={orderStatuses.map((value) => ({ value, label: statusLabels[value] }))}
              onChange={(value) => changeFilter('status', value)}
            />
            <FilterSelect
              label="Payment"
              allLabel="Any"
              value={paid}
              choices={[{ value: 'mpesa', label: 'Paid by M-Pesa' }]}
              onChange={(value) => changeFilter('paid', value)}
            />
            <CsvExportButton
              fetchRows={() => fetchAllOrders({ q, status, paid, sort, dir })}
              columns={orderCsvColumns}
              fileStem="orders"
              noun={['order', 'orders']}
            />
          </>
        }
      />
    </>
  );
}
