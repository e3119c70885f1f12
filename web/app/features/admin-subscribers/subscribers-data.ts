/**
 * The newsletter subscribers' data for /admin/subscribers: page size, sort columns, statuses and
 * columns (a page is read by api/list-subscribers.ts), and every matching row for the streamed
 * CSV export in keyset pages (with the status and the recorded consent). Removing one is
 * api/remove-subscriber.ts.
 */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { DatabaseClient } from '../../lib/supabase/database';
import { ilikeAnyFilter } from '../../lib/supabase/ilike-filter';
import type { ListDefaults } from '../../components/admin/list-params';
import { timeColumn, type CsvColumn } from '../../components/admin/download-csv';

export const SUBSCRIBERS_PAGE_SIZE = 25;
export const subscriberSortColumns = ['created_at', 'email', 'source', 'status'] as const;
/** The list's URL state falls back to the newest first. */
export const subscriberListDefaults: ListDefaults = {
  sort: 'created_at',
  dir: 'desc',
  sortable: subscriberSortColumns,
};
export const listColumns =
  'id, email, source, status, created_at, confirmed_at, unsubscribed_at, consent_text, consented_at';

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];
export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  // Repeated hard bounces: inactive until they sign up and confirm again.
  bounced: 'Bounced (inactive)',
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

/** The status filter and the search text, on any select of the table. */
function filtered<
  Request extends { eq(column: 'status', value: SubscriberStatus): Request; or(filter: string): Request },
>(request: Request, query: SubscriberQuery): Request {
  if (query.status !== 'all') request = request.eq('status', query.status);
  const search = ilikeAnyFilter(['email', 'source'], query.q);
  return search ? request.or(search) : request;
}

/** Rows per page of the export: PostgREST's max rows. */
export const EXPORT_PAGE_SIZE = 1000;

/** The export's keyset page after `last` (newest first); a builder, not yet sent. */
function exportPage(
  supabase: DatabaseClient,
  query: SubscriberQuery,
  last: { created_at: string; id: string } | undefined,
) {
  let request = filtered(supabase.from('newsletter_subscribers').select(listColumns), query);
  if (last) request = request.or(afterRow(last));
  return request.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(EXPORT_PAGE_SIZE);
}

export type Subscriber = NonNullable<Awaited<ReturnType<typeof exportPage>>['data']>[number];

/**
 * Every subscriber the list's filter and search match, newest first, a page of 1000 at a time for
 * a streamed CSV (downloadCsvPages). Keyset pages: each asks for the rows after the last one
 * (created_at, then id), so the 100th page costs what the first does, and no count is asked.
 */
export async function* subscriberExportPages(query: SubscriberQuery): AsyncGenerator<Subscriber[]> {
  const supabase = await getBrowserSupabase();
  let last: Subscriber | undefined;
  for (;;) {
    const { data, error } = await exportPage(supabase, query, last);
    if (error) throw error;
    if (data.length > 0) yield data;
    if (data.length < EXPORT_PAGE_SIZE) return;
    last = data.at(-1);
  }
}

/** PostgREST's filter for the rows after `row` in (created_at desc, id desc) order. */
export function afterRow(row: { created_at: string; id: string }): string {
  const at = `"${row.created_at}"`;
  return `created_at.lt.${at},and(created_at.eq.${at},id.lt.${row.id})`;
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
