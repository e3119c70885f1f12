/**
 * One page of the events list (search, published filter, sort and page from the URL), each event
 * with its registration counts (event_registration_counts(), staff only by RLS), read in one call
 * for the page, so a row knows whether it may be deleted or must be cancelled.
 */
import type { z } from 'zod';
import { pageRange } from '../../../components/admin/list-params';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { ilikeAnyFilter } from '../../../lib/supabase/ilike-filter';
import { catalogueListInput, listDefaults, PAGE_SIZE } from './catalogue-list-input';

export type RegistrationCounts = Database['public']['Functions']['event_registration_counts']['Returns'][number];
export type EventRow = Database['public']['Tables']['events']['Row'];

export interface EventListRow extends EventRow {
  /** Null: nobody ever registered. */
  registrations: RegistrationCounts | null;
}

export const eventSortable = ['title', 'starts_at', 'venue', 'is_published'] as const;
export const eventListDefaults = listDefaults(eventSortable, 'starts_at');
export const listEventsInput = catalogueListInput(eventSortable);
const searchColumns = ['title', 'description', 'venue'];

export async function listEvents(
  input: z.input<typeof listEventsInput>,
): Promise<{ rows: EventListRow[]; total: number }> {
  const { q, sort, dir, published, page } = listEventsInput.parse(input);
  const supabase = await staffSupabase();
  let query = supabase.from('events').select('*', { count: 'exact' });
  const search = ilikeAnyFilter(searchColumns, q);
  if (search) query = query.or(search);
  if (published !== 'all') query = query.eq('is_published', published === 'published');
  const [from, to] = pageRange(page, PAGE_SIZE);
  const {
    data: events,
    error,
    count,
  } = await query
    .order(sort, { ascending: dir === 'asc' })
    .order('id')
    .range(from, to);
  if (error) throw error;
  if (events.length === 0) return { rows: [], total: count ?? 0 };
  const { data: counts, error: countsError } = await supabase.rpc('event_registration_counts', {
    event_ids: events.map((event) => event.id),
  });
  if (countsError) throw countsError;
  const byEvent = new Map(counts.map((row) => [row.event_id, row]));
  return {
    rows: events.map((event) => ({ ...event, registrations: byEvent.get(event.id) ?? null })),
    total: count ?? 0,
  };
}

/** People holding a seat or waiting for one: those a cancellation e-mails. */
export function registeredPeople(counts: RegistrationCounts | null): number {
  return counts ? counts.confirmed + counts.waitlisted : 0;
}
