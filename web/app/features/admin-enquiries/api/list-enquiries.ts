/**
 * One page of the enquiries inbox (status filter, search, sort and page from the URL), each with
 * its assignee, counted by PostgREST.
 */
import { z } from 'zod';
import { pageRange } from '../../../components/admin/list-params';
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
  const [from, to] = pageRange(page, ENQUIRIES_PAGE_SIZE);
  const { data, error, count } = await matching(await staffSupabase(), query).range(from, to);
  if (error) throw error;
  return { rows: data, total: count ?? 0 };
}
