/**
 * The orders list's data: its page size, sort columns, filters and columns (a page is read by
 * api/list-orders.ts), and every order matching the list's filter and search for the CSV export
 * with its phone, lines and participants, read in pages of 1000 through the same staff-only
 * database function as the list's pages (staff_orders_page), so a long list never becomes one
 * huge response.
 */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { ListDefaults } from '../../components/admin/list-params';
import type { OrderStatus } from './order-status';

export const ORDERS_PAGE_SIZE = 25;
export const orderSortColumns = ['created_at', 'reference', 'total_usd', 'status'] as const;
/** The list's URL state falls back to the newest first. */
export const orderListDefaults: ListDefaults = { sort: 'created_at', dir: 'desc', sortable: orderSortColumns };
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

/** Rows per page of the export: PostgREST's max rows. */
const EXPORT_PAGE_SIZE = 1000;

async function fetchExportPage(query: OrderQuery, from: number) {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase
    .rpc('staff_orders_page', {
      search: query.q,
      status: query.status === 'all' ? undefined : query.status,
      mpesa_only: query.paid === 'mpesa',
      sort: query.sort,
      descending: query.dir === 'desc',
      skip: from,
      take: EXPORT_PAGE_SIZE,
    })
    .select(exportColumns)
    .eq('mpesa_paid.status', 'succeeded');
  if (error) throw error;
  return data;
}

export type OrderExportRow = Awaited<ReturnType<typeof fetchExportPage>>[number];

/** Every matching order with its lines and participants, 1000 at a time (PostgREST's usual max rows). */
export async function fetchAllOrders(query: OrderQuery): Promise<OrderExportRow[]> {
  const rows: OrderExportRow[] = [];
  for (let from = 0; ; from += EXPORT_PAGE_SIZE) {
    const data = await fetchExportPage(query, from);
    rows.push(...data);
    if (data.length < EXPORT_PAGE_SIZE) return rows;
  }
}
