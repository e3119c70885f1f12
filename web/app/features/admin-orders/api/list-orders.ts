/**
 * One page of the orders list (status and paid-by-M-Pesa filters, search, sort and page from the
 * URL) and how many orders match. Both are staff-only database functions (staff_orders_page,
 * staff_orders_count: migration 20261128170000) that plan the list's query with the table's
 * statistics, which row security hides from a staff member's own search (docs/large-data.md);
 * the count is estimated above 1000 rows. A page in the second half is read from the other end.
 */
import { z } from 'zod';
import { inListOrder, pageWindow } from '../../../components/admin/list-window';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { listColumns, ORDERS_PAGE_SIZE, orderSortColumns, paidFilters } from '../fetch-orders';
import { orderStatuses } from '../order-status';

export const listOrdersInput = z.object({
  q: z.string().max(200),
  status: z.enum([...orderStatuses, 'all']),
  paid: z.enum(paidFilters),
  sort: z.string().pipe(z.enum(orderSortColumns)),
  dir: z.enum(['asc', 'desc']),
  page: z.number().int().min(1),
});

export async function listOrders(input: z.input<typeof listOrdersInput>) {
  const { q, status, paid, sort, dir, page } = listOrdersInput.parse(input);
  const supabase = await staffSupabase();
  const filter = { search: q, status: status === 'all' ? undefined : status, mpesa_only: paid === 'mpesa' };

  async function countRows() {
    const { data, error } = await supabase.rpc('staff_orders_count', filter);
    if (error) throw error;
    return data;
  }

  async function readRows(total: number | null) {
    const window = pageWindow(page, ORDERS_PAGE_SIZE, total);
    const { data, error } = await supabase
      .rpc('staff_orders_page', {
        ...filter,
        sort,
        descending: dir === 'desc',
        reversed: window.reversed,
        skip: window.from,
        take: window.to - window.from + 1,
      })
      .select(listColumns)
      // The embed holds only succeeded attempts: the M-Pesa receipt the list shows.
      .eq('mpesa_paid.status', 'succeeded');
    if (error) throw error;
    return inListOrder(data, window);
  }

  // The first page is read forwards whatever the total: both at once. A later page needs the total first.
  if (page === 1) {
    const [total, rows] = await Promise.all([countRows(), readRows(null)]);
    return { rows, total };
  }
  const total = await countRows();
  return { rows: await readRows(total), total };
}

export type OrderListRow = Awaited<ReturnType<typeof listOrders>>['rows'][number];
