/**
 * Dates and times in the institute's time (Nairobi), labelled, whatever time zone the reader's
 * browser or the server is in: the admin screens, their inputs and CSV exports, the order page,
 * e-mails and invoices all format through this one module.
 */
export const STAFF_TIME_ZONE = 'Africa/Nairobi';
/** The zone as staff read it beside a time. */
export const STAFF_TIME_ZONE_LABEL = 'EAT';

const dateTime = new Intl.DateTimeFormat('en-KE', {
  timeZone: STAFF_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const date = new Intl.DateTimeFormat('en-KE', { timeZone: STAFF_TIME_ZONE, dateStyle: 'medium' });
const monthName = new Intl.DateTimeFormat('en-KE', { timeZone: STAFF_TIME_ZONE, month: 'long', year: 'numeric' });
/** A calendar date is not an instant: formatted as written, in UTC, so no zone shifts its day. */
const calendarDate = new Intl.DateTimeFormat('en-KE', { timeZone: 'UTC', dateStyle: 'medium' });
const dayAndMonth = new Intl.DateTimeFormat('en-KE', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-KE', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: STAFF_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Beside every date-and-time input of the admin. */
export const staffInputHint = `Nairobi time (${STAFF_TIME_ZONE_LABEL}).`;

/** "1 Dec 2026, 08:00 EAT". */
export function formatDateTime(iso: string): string {
  return `${dateTime.format(new Date(iso))} ${STAFF_TIME_ZONE_LABEL}`;
}

/** The Nairobi day of an instant: "1 Dec 2026". */
export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

/** "December 2026" for the month an instant falls in. */
export function formatMonth(iso: string): string {
  return monthName.format(new Date(iso));
}

/** A calendar date ('2026-12-01') as "1 Dec 2026", never shifted across zones. */
export function formatCalendarDate(isoDate: string): string {
  return calendarDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The seven days from the calendar date `isoDate`: "23–29 Nov 2026". */
export function formatWeek(isoDate: string): string {
  const start = new Date(`${isoDate}T00:00:00Z`);
  return dayMonthYear.formatRange(start, new Date(start.getTime() + 6 * 86_400_000));
}

/** The first day of a week, short, for a chart's axis: "23 Nov". */
export function formatWeekStart(isoDate: string): string {
  return dayAndMonth.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The Nairobi wall-clock fields of an instant. */
function nairobiFields(instant: Date) {
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(instant).find((part) => part.type === type)?.value ?? '00';
  return {
    date: `${field('year')}-${field('month')}-${field('day')}`,
    time: `${field('hour')}:${field('minute')}`,
    seconds: field('second'),
  };
}

/** Today's date in Nairobi ('2026-12-01'), for refusing dates already past there. */
export function nairobiToday(now: Date = new Date()): string {
  return nairobiFields(now).date;
}

/** An instant as a datetime-local value in Nairobi time ("2026-12-01T08:00"). */
export function toStaffInput(iso: string): string {
  const { date: day, time } = nairobiFields(new Date(iso));
  return `${day}T${time}`;
}

/** Milliseconds Nairobi is ahead of UTC at `instant` (works for any zone, daylight saving included). */
function offsetAt(instant: number): number {
  const { date: day, time, seconds } = nairobiFields(new Date(instant));
  return Date.parse(`${day}T${time}:${seconds}Z`) - Math.floor(instant / 1000) * 1000;
}

/**
 * A datetime-local value ("2026-12-01T08:00") read as Nairobi time, as an ISO instant; null when
 * it is not a date and time. The browser's own zone plays no part.
 */
export function fromStaffInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(value);
  if (!match) return null;
  const asUtc = Date.parse(`${match[1]}T${match[2]}${match[3] ?? ':00'}Z`);
  if (Number.isNaN(asUtc)) return null;
  const guess = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(guess)).toISOString();
}

/** An instant for a spreadsheet: Nairobi time to the second, "2026-12-01 08:00:05". */
export function formatCsvDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const { date: day, time, seconds } = nairobiFields(new Date(iso));
  return `${day} ${time}:${seconds}`;
}

const offsetName = new Intl.DateTimeFormat('en-GB', { timeZone: STAFF_TIME_ZONE, timeZoneName: 'longOffset' });

/** A CSV column header for times, naming the zone: "Placed at (EAT, UTC+03:00)". */
export function csvTimeHeader(name: string): string {
  const offset = offsetName.formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ?? '';
  return `${name} (${STAFF_TIME_ZONE_LABEL}, ${offset.replace('GMT', 'UTC')})`;
}
