/**
 * One event's registrations in words and columns: the words for the table's constraints, the
 * waitlist's positions, and the CSV's columns (the rows are read by api/get-event-registrations).
 */
import { timeColumn, type CsvColumn } from '../../components/admin/download-csv';
import type { Registration } from './api/get-event-registrations';

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
