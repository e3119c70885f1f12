/**
 * One event's registrations for /admin/events/:id/registrations: the event, its counts
 * (event_registration_counts(), staff only by RLS), every registration in the order the
 * waitlist moves up (oldest first), checking people in on the day, and the CSV's columns.
 */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { timeColumn, type CsvColumn } from '../../components/admin/download-csv';

const columns =
  'id, name, email, phone, organisation, seats, status, created_at, promoted_at, cancelled_at, checked_in_at';

/** The event, or null when no event has this id. */
export async function fetchEvent(id: string) {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase
    .from('events')
    .select('id, title, starts_at, ends_at, venue, capacity')
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export type AdminEvent = NonNullable<Awaited<ReturnType<typeof fetchEvent>>>;

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

export async function fetchCounts(eventId: string): Promise<RegistrationCounts> {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.rpc('event_registration_counts').eq('event_id', eventId).maybeSingle();
  if (error) throw error;
  return data ?? noRegistrations;
}

/** Every registration of the event, oldest first (the waitlist's order), 1000 at a time. */
export async function fetchRegistrations(eventId: string) {
  const supabase = await getBrowserSupabase();
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

export type Registration = Awaited<ReturnType<typeof fetchRegistrations>>[number];

/** Checks a confirmed registration in (now) or undoes it (null); refuses loudly when nothing changed. */
export async function setCheckedIn(id: string, checkedIn: boolean): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase
    .from('event_registrations')
    .update({ checked_in_at: checkedIn ? new Date().toISOString() : null })
    .eq('id', id)
    .select('id');
  if (error) throw error;
  if (data.length !== 1) throw { code: 'PGRST116', message: 'No registration was changed.' };
}

export const registrationConstraintMessages = {
  event_registrations_check_in_confirmed: 'Only a confirmed registration can be checked in.',
} as const;

/** Positions on the waitlist (1 = next to move up), by registration id. */
export function waitlistPositions(rows: readonly Registration[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (const row of rows) if (row.status === 'waitlisted') positions.set(row.id, positions.size + 1);
  return positions;
}

export function registrationCsvColumns(positions: Map<string, number>): CsvColumn<Registration>[] {
  return [
    { header: 'Name', value: (r) => r.name },
    { header: 'E-mail', value: (r) => r.email },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Organisation', value: (r) => r.organisation },
    { header: 'Seats', value: (r) => r.seats },
    { header: 'Status', value: (r) => r.status },
    { header: 'Waitlist position', value: (r) => positions.get(r.id) ?? null },
    timeColumn('Registered at', (r) => r.created_at),
    timeColumn('Moved up from the waitlist at', (r) => r.promoted_at),
    timeColumn('Cancelled at', (r) => r.cancelled_at),
    timeColumn('Checked in at', (r) => r.checked_in_at),
  ];
}
