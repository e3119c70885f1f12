/** An order line's intake as invoices and e-mails print it (dates: domain/dates.ts). */
import { formatCalendarDate } from '../../../domain/dates.ts';

/** '7 Dec 2026 to 9 Dec 2026, Online' or '7 Dec 2026, Ascent Training Centre...'; null intake: to be confirmed. */
export function describeIntake(
  intake: { starts_on: string; ends_on: string; is_online: boolean; venue: string | null } | null,
): string {
  if (!intake) return 'Next available intake (dates to be confirmed)';
  const dates =
    intake.starts_on === intake.ends_on
      ? formatCalendarDate(intake.starts_on)
      : `${formatCalendarDate(intake.starts_on)} to ${formatCalendarDate(intake.ends_on)}`;
  return `${dates}, ${intake.is_online ? 'Online' : (intake.venue ?? '')}`;
}
