/**
 * /admin/orders: the orders, newest first, filtered by status and by paid-by-M-Pesa, searched by reference, e-mail
 * or organisation; pages, sort and filter in the URL; every matching order exported as CSV.
 */
import { Link } from 'react-router';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { CsvExportButton } from '../../components/admin/csv-export-button';
import { FilterSelect } from '../../components/admin/filter-select';
import { useListLoading, useListParams, useUrlFilter } from '../../components/admin/list-params';
import { formatMoney } from '../../lib/money';
import type { OrderListRow } from './api/list-orders';
import { fetchAllOrders, isPaidFilter, ORDERS_PAGE_SIZE, orderListDefaults, orderSortColumns } from './fetch-orders';
import { orderCsvColumns } from './order-csv';
import { isOrderStatus, orderStatuses, statusLabels } from './order-status';
import { formatDateTime } from '../../lib/staff-time';
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

/** `current`: the page the route's clientLoader read from the URL. */
export function OrdersList({ current }: { current: { rows: OrderListRow[]; total: number } }) {
  const [params, setParams] = useListParams(orderListDefaults);
  const [status, changeStatus] = useUrlFilter('status', isOrderStatus);
  const [paid, changePaid] = useUrlFilter('paid', isPaidFilter);
  const loading = useListLoading();
  const { q, sort, dir } = params;

  return (
    <>
      <h1>Orders</h1>
      <DataTable
        caption="Orders"
        columns={columns}
        rows={current.rows}
        total={current.total}
        pageSize={ORDERS_PAGE_SIZE}
        params={params}
        onParamsChange={setParams}
        getRowId={(row) => row.id}
        sortable={orderSortColumns}
        publishedFilter={false}
        searchLabel="Search reference, e-mail or organisation"
        loading={loading}
        empty={q || status !== 'all' || paid !== 'all' ? 'No orders match.' : 'No orders yet.'}
        toolbar={
          <>
            <FilterSelect
              label="Status"
              value={status}
              choices={orderStatuses.map((value) => ({ value, label: statusLabels[value] }))}
              onChange={changeStatus}
            />
            <FilterSelect
              label="Payment"
              allLabel="Any"
              value={paid}
              choices={[{ value: 'mpesa', label: 'Paid by M-Pesa' }]}
              onChange={changePaid}
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
