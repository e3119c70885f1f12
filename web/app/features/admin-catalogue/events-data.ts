/**
 * The events list's page: the events (listRows) with each one's registration counts
 * (event_registration_counts(), staff only by RLS), read in one call for the page, so a row
 * knows whether it may be deleted or must be cancelled, and how many people that tells.
 */
import type { ListParams } from '../../components/admin/list-params';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { Database } from '../../lib/supabase/database';
import { DbError, listRows, type Row } from './catalogue-data';

export type RegistrationCounts = Database['public']['Functions']['event_registration_counts']['Returns'][number];

export interface EventListRow extends Row<'events'> {
  /** Null: nobody ever registered. */
  registrations: RegistrationCounts | null;
}

export const eventSearchColumns = ['title', 'description', 'venue'] as const;

export async function listEvents(params: ListParams): Promise<{ rows: EventListRow[]; total: number }> {
  const page = await listRows('events', params, eventSearchColumns);
  if (page.rows.length === 0) return { rows: [], total: page.total };
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.rpc('event_registration_counts').in(
    'event_id',
    page.rows.map((row) => row.id),
  );
  if (error) throw new DbError(error);
  const byEvent = new Map(data.map((counts) => [counts.event_id, counts]));
  return { rows: page.rows.map((row) => ({ ...row, registrations: byEvent.get(row.id) ?? null })), total: page.total };
}

/** People holding a seat or waiting for one: those a cancellation e-mails. */
export function registeredPeople(counts: RegistrationCounts | null): number {
  return counts ? counts.confirmed + counts.waitlisted : 0;
}

/** Cancels the event: the database cancels its registrations and e-mails their people. */
export async function cancelEvent(id: string): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { error } = await supabase
    .from('events')
    .update({ cancelled_at: new Date().toISOString() })
    .eq('id', id)
    .select('id')
    .single();
  if (error) throw new DbError(error);
}
