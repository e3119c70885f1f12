/**
 * One page of the enquiries inbox (status filter, search, sort and page from the URL), each with
 * its assignee, counted by PostgREST.
 */
import { z } from 'zod';
import { inListOrder, pageWindow } from '../../../components/admin/list-window';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { ENQUIRIES_PAGE_SIZE, enquirySortColumns, matching, type Enquiry } from '../enquiries-data';
import { enquiryStatuses } from '../enquiry-labels';

export const listEnquiriesInput = z.object({
  q: z.string().max(200),
  status: z.enum([...enquiryStatuses, 'all']),
  sort: z.string().pipe(z.enum(enquirySortColumns)),
  dir: z.enum(['asc', 'desc']),
  page: z.number().int().min(1),
});

export async function listEnquiries(
  input: z.input<typeof listEnquiriesInput>,
): Promise<{ rows: Enquiry[]; total: number }> {
  const { page, ...query } = listEnquiriesInput.parse(input);
  const supabase = await staffSupabase();
  // A later page first asks for the count (estimated above 1000 rows) to read from the nearer end.
  let total: number | null = null;
  if (page > 1) {
    const counted = await matching(supabase, query, { head: true });
    if (counted.error) throw counted.error;
    total = counted.count;
  }
  const window = pageWindow(page, ENQUIRIES_PAGE_SIZE, total);
  const { data, error, count } = await matching(supabase, query, { reversed: window.reversed }).range(
    window.from,
    window.to,
  );
  if (error) throw error;
  return { rows: inListOrder(data, window), total: count ?? 0 };
}
