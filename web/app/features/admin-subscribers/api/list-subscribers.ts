/**
 * One page of the newsletter subscribers (status filter, search, sort and page from the URL) and
 * how many match. Both are staff-only database functions (staff_subscribers_page,
 * staff_subscribers_count: migration 20261128170000) that plan the list's query with the table's
 * statistics, which row security hides from a staff member's own search (docs/large-data.md);
 * the count is estimated above 1000 rows. A page in the second half is read from the other end.
 */
import { z } from 'zod';
import { inListOrder, pageWindow } from '../../../components/admin/list-window';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import {
  listColumns,
  SUBSCRIBERS_PAGE_SIZE,
  subscriberSortColumns,
  subscriberStatuses,
  type Subscriber,
} from '../subscribers-data';

export const listSubscribersInput = z.object({
  q: z.string().max(200),
  status: z.enum([...subscriberStatuses, 'all']),
  sort: z.string().pipe(z.enum(subscriberSortColumns)),
  dir: z.enum(['asc', 'desc']),
  page: z.number().int().min(1),
});

export async function listSubscribers(
  input: z.input<typeof listSubscribersInput>,
): Promise<{ rows: Subscriber[]; total: number }> {
  const { q, status, sort, dir, page } = listSubscribersInput.parse(input);
  const supabase = await staffSupabase();
  const filter = { search: q, status: status === 'all' ? undefined : status };

  async function countRows() {
    const { data, error } = await supabase.rpc('staff_subscribers_count', filter);
    if (error) throw error;
    return data;
  }

  async function readRows(total: number | null) {
    const window = pageWindow(page, SUBSCRIBERS_PAGE_SIZE, total);
    const { data, error } = await supabase
      .rpc('staff_subscribers_page', {
        ...filter,
        sort,
        descending: dir === 'desc',
        reversed: window.reversed,
        skip: window.from,
        take: window.to - window.from + 1,
      })
      .select(listColumns);
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
