/**
 * The orders list's data: the query for orders matching the status filter, the paid-by-M-Pesa
 * filter and the search text (reference, e-mail, organisation), sorted and counted by PostgREST
 * (estimated above 1000 rows; a page is read by api/list-orders.ts), and every matching order for
 * the CSV export with its phone, lines and participants, read in pages so a long list never
 * becomes one huge response.
 */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { DatabaseClient } from '../../lib/supabase/database';
import { ilikeAnyFilter } from '../../lib/supabase/ilike-filter';
import { LIST_COUNT } from '../../components/admin/list-window';
import type { ListDefaults } from '../../components/admin/list-params';
import type { OrderStatus } from './order-status';

export const ORDERS_PAGE_SIZE = 25;
export const orderSortColumns = ['created_at', 'reference', 'total_usd', 'status'] as const;
/** The list's URL state falls back to the newest first. */
export const orderListDefaults: ListDefaults = { sort: 'created_at', dir: 'desc', sortable: orderSortColumns };
const searchColumns = ['reference', 'customer_email', 'organisation'] as const;
export const listColumns =
  'id, reference, created_at, status, customer_name, customer_email, organisation, payment_method, currency, total_usd, total_kes, payment_reference, mpesa_paid:mpesa_payment_attempts(receipt)';
const exportColumns = `${listColumns}, customer_phone,
  order_items(position, title, quantity, program_intakes(starts_on, ends_on),
    order_participants(position, full_name, email))` as const;

/** `all`, or only orders an M-Pesa prompt paid (a succeeded attempt, with or without a receipt). */
export const paidFilters = ['all', 'mpesa'] as const;
export type PaidFilter = (typeof paidFilters)[number];

export function isPaidFilter(value: string | null): value is PaidFilter {
  return value === 'all' || value === 'mpesa';
}

export interface OrderQuery {
  q: string;
  status: OrderStatus | 'all';
  paid: PaidFilter;
  sort: string;
  dir: 'asc' | 'desc';
}

/**
 * The query builder, not yet sent (a builder is a thenable: awaiting it would run it). `reversed`
 * flips the sort (a page near the end is read from the end); `head` asks for the count alone.
 */
export function matching<Columns extends string>(
  supabase: DatabaseClient,
  query: OrderQuery,
  columns: Columns,
  { reversed = false, head = false } = {},
) {
  let request = supabase.from('orders').select(columns, { count: LIST_COUNT, head });
  if (query.status !== 'all') request = request.eq('status', query.status);
  // The embed holds only succeeded attempts; the filter keeps the orders that have one (an
  // exists test in PostgREST, so an order is never counted twice).
  request = request.eq('mpesa_paid.status', 'succeeded');
  if (query.paid === 'mpesa') request = request.not('mpesa_paid', 'is', null);
  const search = ilikeAnyFilter(searchColumns, query.q);
  if (search) request = request.or(search);
  // The id breaks ties, so pages are stable.
  const ascending = (query.dir === 'asc') !== reversed;
  return request.order(query.sort, { ascending }).order('id', { ascending: !reversed });
}

async function fetchExportPage(query: OrderQuery, from: number) {
  const { data, error } = await matching(await getBrowserSupabase(), query, exportColumns).range(from, from + 999);
  if (error) throw error;
  return data;
}

export type OrderExportRow = Awaited<ReturnType<typeof fetchExportPage>>[number];

/** Every matching order with its lines and participants, 1000 at a time (PostgREST's usual max rows). */
export async function fetchAllOrders(query: OrderQuery): Promise<OrderExportRow[]> {
  const rows: OrderExportRow[] = [];
  for (let from = 0; ; from += 1000) {
    const data = await fetchExportPage(query, from);
    rows.push(...data);
    if (data.length < 1000) return rows;
  }
}
