/**
 * The enquiries inbox's data: the query for enquiries (filtered by status, searched by name,
 * e-mail, organisation or message, sorted and counted by PostgREST: estimated above 1000 rows),
 * every matching one for the CSV, and the words for the table's constraints. One enquiry is read
 * and saved by api/.
 */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { DatabaseClient } from '../../lib/supabase/database';
import { ilikeAnyFilter } from '../../lib/supabase/ilike-filter';
import { timeColumn, type CsvColumn } from '../../components/admin/download-csv';
import type { ListDefaults } from '../../components/admin/list-params';
import { LIST_COUNT } from '../../components/admin/list-window';
import { statusLabel, topicLabel, type EnquiryStatus } from './enquiry-labels';

export const ENQUIRIES_PAGE_SIZE = 25;
export const enquirySortColumns = ['created_at', 'name', 'topic', 'status'] as const;
/** The list's URL state falls back to the newest first. */
export const enquiryListDefaults: ListDefaults = { sort: 'created_at', dir: 'desc', sortable: enquirySortColumns };
const searchColumns = ['name', 'email', 'organisation', 'message'] as const;
// The assignee through the foreign key to staff (PostgREST embeds it).
export const enquiryColumns =
  'id, created_at, updated_at, name, email, phone, organisation, topic, message, status, assigned_to, internal_notes, consent_text, consented_at, assignee:staff(email)';

export interface EnquiryQuery {
  q: string;
  status: EnquiryStatus | 'all';
  sort: string;
  dir: 'asc' | 'desc';
}

/**
 * The query builder, not yet sent (a builder is a thenable: awaiting it would run it). `reversed`
 * flips the sort (a page near the end is read from the end); `head` asks for the count alone.
 */
export function matching(supabase: DatabaseClient, query: EnquiryQuery, { reversed = false, head = false } = {}) {
  let request = supabase.from('enquiries').select(enquiryColumns, { count: LIST_COUNT, head });
  if (query.status !== 'all') request = request.eq('status', query.status);
  const search = ilikeAnyFilter(searchColumns, query.q);
  if (search) request = request.or(search);
  const ascending = (query.dir === 'asc') !== reversed;
  return request.order(query.sort, { ascending }).order('id', { ascending: !reversed });
}

export type Enquiry = NonNullable<Awaited<ReturnType<typeof matching>>['data']>[number];

/** Every matching enquiry, 1000 at a time (PostgREST's usual max rows). */
export async function fetchAllEnquiries(query: EnquiryQuery): Promise<Enquiry[]> {
  const rows: Enquiry[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await matching(await getBrowserSupabase(), query).range(from, from + 999);
    if (error) throw error;
    rows.push(...data);
    if (data.length < 1000) return rows;
  }
}

export const enquiryConstraintMessages = {
  enquiries_notes_length: 'The internal notes must be at most 10,000 characters.',
  enquiries_status_known: 'Choose one of the statuses New, In progress or Closed.',
  enquiries_assigned_to_fkey: 'That staff member no longer exists; choose another.',
} as const;

export const enquiryCsvColumns: CsvColumn<Enquiry>[] = [
  timeColumn('Received at', (e) => e.created_at),
  { header: 'Name', value: (e) => e.name },
  { header: 'E-mail', value: (e) => e.email },
  { header: 'Phone', value: (e) => e.phone },
  { header: 'Organisation', value: (e) => e.organisation },
  { header: 'Topic', value: (e) => topicLabel(e.topic) },
  { header: 'Status', value: (e) => statusLabel(e.status) },
  { header: 'Assigned to', value: (e) => e.assignee?.email ?? null },
  { header: 'Message', value: (e) => e.message },
  { header: 'Internal notes', value: (e) => e.internal_notes },
  timeColumn('Consent given at', (e) => e.consented_at),
];
