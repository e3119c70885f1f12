/**
 * One page of the newsletter subscribers (status filter, search, sort and page from the URL),
 * counted by PostgREST (estimated above 1000 rows); a later page first asks for the count to read
 * from the nearer end.
 */
import { z } from 'zod';
import { inListOrder, pageWindow } from '../../../components/admin/list-window';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import {
  matching,
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
  const { page, ...query } = listSubscribersInput.parse(input);
  const supabase = await staffSupabase();
  let total: number | null = null;
  if (page > 1) {
    const counted = await matching(supabase, query, { head: true });
    if (counted.error) throw counted.error;
    total = counted.count;
  }
  const window = pageWindow(page, SUBSCRIBERS_PAGE_SIZE, total);
  const { data, error, count } = await matching(supabase, query, { reversed: window.reversed }).range(
    window.from,
    window.to,
  );
  if (error) throw error;
  return { rows: inListOrder(data, window), total: count ?? 0 };
}
