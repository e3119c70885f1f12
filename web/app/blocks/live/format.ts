/** Formatting for live rows, in Kenyan English and Nairobi time whatever the server's own zone. */
import { formatMoney } from '../../lib/money.ts';

export const LOCALE = 'en-KE';
export const TIME_ZONE = 'Africa/Nairobi';

/** "USD 1,250", "KES 65,000", "USD 480.50": the ISO code keeps both currencies unambiguous. */
export function formatPrice(amount: number, currency: string): string {
  return formatMoney(amount, currency);
}

const dateTime = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Wed, 2 Dec 2026, 11:00–17:00 EAT"; a multi-day event shows both dates. */
export function formatEventWhen(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const range = end > start ? dateTime.formatRange(start, end) : dateTime.format(start);
  return `${range} EAT`;
}

const badgeDay = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric' });
const badgeMonthNumber = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, month: 'numeric' });

/**
 * Three letters for every month: the badges stand side by side, and en-KE's own short month for
 * September is "Sept" (shown as SEPT beside AUG and OCT).
 */
const badgeMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Day and three-letter month of a moment in Nairobi: { day: '2', month: 'Dec' }. */
export function calendarBadge(at: string): { day: string; month: string } {
  const date = new Date(at);
  const month = badgeMonths[Number(badgeMonthNumber.format(date)) - 1] ?? '';
  return { day: badgeDay.format(date), month };
}

/** Upcoming until it starts, ongoing until it ends, then past. */
export function eventStatus(startsAt: string, endsAt: string, now: Date): 'upcoming' | 'ongoing' | 'past' {
  const time = now.getTime();
  if (new Date(endsAt).getTime() < time) return 'past';
  if (new Date(startsAt).getTime() <= time) return 'ongoing';
  return 'upcoming';
}

/** "12,500+", "96%". */
export function formatMetric(value: number, suffix: string): string {
  return `${new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }).format(value)}${suffix}`;
}

const modes: Record<string, string> = { 'in-person': 'In person', virtual: 'Online', hybrid: 'Hybrid' };

/** "In person", "Online", "Hybrid" for the stored delivery modes. */
export function modeLabel(mode: string): string {
  return modes[mode] ?? mode;
}
