/**
 * The newsletter subscribers' data for /admin/subscribers: a page (filtered by status, searched
 * by e-mail, sorted, counted by PostgREST), every matching row for the CSV export (with the
 * status and the recorded consent), and removing one (staff only, by RLS policy).
 */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { DatabaseClient } from '../../lib/supabase/database';
import { ilikeAnyFilter } from '../../lib/supabase/ilike-filter';
import { pageRange } from '../../components/admin/list-params';
import { timeColumn, type CsvColumn } from '../../components/admin/download-csv';

export const SUBSCRIBERS_PAGE_SIZE = 25;
export const subscriberSortColumns = ['created_at', 'email', 'source', 'status'] as const;
const columns = 'id, email, source, status, created_at, confirmed_at, unsubscribed_at, consent_text, consented_at';

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];
export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

export function isSubscriberStatus(value: unknown): value is SubscriberStatus {
  return typeof value === 'string' && (subscriberStatuses as readonly string[]).includes(value);
}

export interface SubscriberQuery {
  q: string;
  status: SubscriberStatus | 'all';
  sort: string;
  dir: 'asc' | 'desc';
}

/** The query builder, not yet sent (a builder is a thenable: awaiting it would run it). */
function matching(supabase: DatabaseClient, query: SubscriberQuery) {
  let request = supabase.from('newsletter_subscribers').select(columns, { count: 'exact' });
  if (query.status !== 'all') request = request.eq('status', query.status);
  const search = ilikeAnyFilter(['email', 'source'], query.q);
  if (search) request = request.or(search);
  return request.order(query.sort, { ascending: query.dir === 'asc' }).order('id');
}

export type Subscriber = Awaited<ReturnType<typeof fetchSubscribersPage>>['rows'][number];

export async function fetchSubscribersPage(query: SubscriberQuery, page: number) {
  const [from, to] = pageRange(page, SUBSCRIBERS_PAGE_SIZE);
  const { data, error, count } = await matching(await getBrowserSupabase(), query).range(from, to);
  if (error) throw error;
  return { rows: data, total: count ?? 0 };
}

export async function fetchAllSubscribers(query: SubscriberQuery): Promise<Subscriber[]> {
  const rows: Subscriber[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await matching(await getBrowserSupabase(), query).range(from, from + 999);
    if (error) throw error;
    rows.push(...data);
    if (data.length < 1000) return rows;
  }
}

/** Removes one subscriber; refuses loudly when nothing was removed (not staff, already gone). */
export async function removeSubscriber(id: string): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.from('newsletter_subscribers').delete().eq('id', id).select('id');
  if (error) throw error;
  if (data.length !== 1) throw { code: 'PGRST116', message: 'No subscriber was removed.' };
}

export const subscriberCsvColumns: CsvColumn<Subscriber>[] = [
  { header: 'E-mail', value: (s) => s.email },
  { header: 'Status', value: (s) => s.status },
  { header: 'Source', value: (s) => s.source },
  timeColumn('Subscribed at', (s) => s.created_at),
  timeColumn('Confirmed at', (s) => s.confirmed_at),
  timeColumn('Consent given at', (s) => s.consented_at),
  { header: 'Consent text', value: (s) => s.consent_text },
  timeColumn('Unsubscribed at', (s) => s.unsubscribed_at),
];
