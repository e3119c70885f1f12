/** Amounts and dates as orders, invoices and e-mails print them ('KES 65,000.00', '7 Dec 2026'). */

const amount = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(value: number, currency: 'USD' | 'KES'): string {
  return `${currency} ${amount.format(value)}`;
}

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A 'YYYY-MM-DD' date (or an ISO timestamp, shown in Nairobi time). */
export function formatDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return day.format(new Date(`${value}T00:00:00Z`));
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  }).format(new Date(value));
}

/** '7-9 Dec 2026, Online' or '7 Dec 2026, Ascent Training Centre...'; null intake: to be confirmed. */
export function describeIntake(
  intake: { starts_on: string; ends_on: string; is_online: boolean; venue: string | null } | null,
): string {
  if (!intake) return 'Next available intake (dates to be confirmed)';
  const dates =
    intake.starts_on === intake.ends_on
      ? formatDate(intake.starts_on)
      : `${formatDate(intake.starts_on)} to ${formatDate(intake.ends_on)}`;
  return `${dates}, ${intake.is_online ? 'Online' : (intake.venue ?? '')}`;
}

const nairobiTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Nairobi',
});

/** An ISO timestamp in Nairobi time, labelled: '27 Nov 2026, 14:30 EAT'. */
export function formatNairobiTime(value: string): string {
  return `${nairobiTime.format(new Date(value))} EAT`;
}
