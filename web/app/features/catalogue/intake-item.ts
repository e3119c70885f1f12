/** An intake as pages show it: dates, place and seats left as text, from a public_program_intakes row. */
import { formatIntakeDates, intakePlace, seatsLeftLabel } from '../../lib/intake-dates';

export interface IntakeItem {
  id: string;
  programId: string;
  startsOn: string;
  endsOn: string;
  isOnline: boolean;
  venue: string | null;
  seatsLeft: number;
  /** "Tue, 12 – Fri, 15 Jan 2027". */
  dates: string;
  /** "Online" or the venue. */
  place: string;
  /** "12 seats left", "12 seats left (3 on hold)" or "Full". */
  seats: string;
}

export interface IntakeSource {
  id: string;
  program_id: string;
  starts_on: string;
  ends_on: string;
  is_online: boolean;
  venue: string | null;
  seats_left: number;
  /** Seats held by orders not paid yet (they come back if unpaid): shown beside seats left. */
  seats_on_hold?: number | null;
}

/** Held seats may come back: a buyer who finds an intake nearly full is told so. */
function seatsText(row: IntakeSource): string {
  const label = seatsLeftLabel(row.seats_left);
  return row.seats_on_hold ? `${label} (${row.seats_on_hold} on hold)` : label;
}

export function toIntakeItem(row: IntakeSource): IntakeItem {
  const intake = { isOnline: row.is_online, venue: row.venue };
  return {
    id: row.id,
    programId: row.program_id,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    isOnline: row.is_online,
    venue: row.venue,
    seatsLeft: row.seats_left,
    dates: formatIntakeDates(row.starts_on, row.ends_on),
    place: intakePlace(intake),
    seats: seatsText(row),
  };
}
