/**
 * An intake's dates as people read them: "Mon, 12 Jan 2026" for one day, "Mon, 12 – Fri, 16 Jan
 * 2026" for a run. Intakes are calendar dates ('YYYY-MM-DD') in Nairobi: they are formatted as
 * such, never shifted by the reader's or the server's time zone.
 */
const dates = new Intl.DateTimeFormat('en-KE', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A 'YYYY-MM-DD' date at midnight UTC (the formatter reads it in UTC), or null when malformed. */
function calendarDate(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatIntakeDates(startsOn: string, endsOn: string): string {
  const start = calendarDate(startsOn);
  const end = calendarDate(endsOn);
  if (!start) return startsOn;
  if (!end || end.getTime() <= start.getTime()) return dates.format(start);
  return dates.formatRange(start, end);
}

/** "Online", or the venue. */
export function intakePlace(intake: { isOnline: boolean; venue: string | null }): string {
  return intake.isOnline ? 'Online' : (intake.venue ?? 'Venue to be confirmed');
}

/** "12 seats left", "1 seat left", "Full". */
export function seatsLeftLabel(seatsLeft: number): string {
  if (seatsLeft <= 0) return 'Full';
  return `${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left`;
}
