/**
 * One event's registrations page: the event, its counts (event_registration_counts(), staff only
 * by RLS) and every registration in the order the waitlist moves up (oldest first). Null when no
 * event has the id (or the id cannot be one).
 */
import { z } from 'zod';
import type { DatabaseClient } from '../../../lib/supabase/database';
import { staffSupabase } from '../../../lib/supabase/staff-client';

const columns =
  'id, name, email, phone, organisation, seats, status, created_at, promoted_at, cancelled_at, checked_in_at';

export interface RegistrationCounts {
  confirmed: number;
  confirmed_seats: number;
  waitlisted: number;
  cancelled: number;
  checked_in: number;
}

const noRegistrations: RegistrationCounts = {
  confirmed: 0,
  confirmed_seats: 0,
  waitlisted: 0,
  cancelled: 0,
  checked_in: 0,
};

async function readEvent(supabase: DatabaseClient, id: string) {
  const { data, error } = await supabase
    .from('events')
    .select('id, title, starts_at, ends_at, venue, capacity')
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data;
}

async function readCounts(supabase: DatabaseClient, eventId: string): Promise<RegistrationCounts> {
  const { data, error } = await supabase.rpc('event_registration_counts', { event_ids: [eventId] }).maybeSingle();
  if (error) throw error;
  return data ?? noRegistrations;
}

/** Every registration of the event, oldest first (the waitlist's order), 1000 at a time. */
async function readRegistrations(supabase: DatabaseClient, eventId: string) {
  const rows = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await supabase
      .from('event_registrations')
      .select(columns)
      .eq('event_id', eventId)
      .order('created_at')
      .order('id')
      .range(from, from + 999);
    if (error) throw error;
    rows.push(...data);
    if (data.length < 1000) return rows;
  }
}

export const getEventRegistrationsInput = z.object({ eventId: z.string() });

export async function getEventRegistrations(input: z.input<typeof getEventRegistrationsInput>) {
  const { eventId } = getEventRegistrationsInput.parse(input);
  if (!z.uuid().safeParse(eventId).success) return null;
  const supabase = await staffSupabase();
  const event = await readEvent(supabase, eventId);
  if (!event) return null;
  const [counts, rows] = await Promise.all([readCounts(supabase, eventId), readRegistrations(supabase, eventId)]);
  return { event, counts, rows };
}

type EventRegistrations = NonNullable<Awaited<ReturnType<typeof getEventRegistrations>>>;
export type AdminEvent = EventRegistrations['event'];
export type Registration = EventRegistrations['rows'][number];
