/**
 * One page of the orders list (status and paid-by-M-Pesa filters, search, sort and page from the
 * URL), counted by PostgREST (estimated above 1000 rows); a later page first asks for the count
 * to read from the nearer end.
 */
import { z } from 'zod';
import { inListOrder, pageWindow } from '../../../components/admin/list-window';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { listColumns, matching, ORDERS_PAGE_SIZE, orderSortColumns, paidFilters } from '../fetch-orders';
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
  const { page, ...query } = listOrdersInput.parse(input);
  const supabase = await staffSupabase();
  let total: number | null = null;
  if (page > 1) {
    const counted = await matching(supabase, query, listColumns, { head: true });
    if (counted.error) throw counted.error;
    total = counted.count;
  }
  const window = pageWindow(page, ORDERS_PAGE_SIZE, total);
  const { data, error, count } = await matching(supabase, query, listColumns, { reversed: window.reversed }).range(
    window.from,
    window.to,
  );
  if (error) throw error;
  return { rows: inListOrder(data, window), total: count ?? 0 };
}

export type OrderListRow = Awaited<ReturnType<typeof listOrders>>['rows'][number];
