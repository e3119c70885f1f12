/** Words the roster screens share: names of intakes, shares of days, marks. */
import { formatCalendarDate, formatDateTime } from '../../lib/staff-time';
import type { RosterIntake } from './api/get-intake-roster';

export function intakeDates(intake: Pick<RosterIntake, 'starts_on' | 'ends_on'>): string {
  return `${formatCalendarDate(intake.starts_on)} – ${formatCalendarDate(intake.ends_on)}`;
}

/** "2 Nov 2026 – 6 Nov 2026 · Nairobi" (or "· Online"). */
export function intakeLine(intake: Pick<RosterIntake, 'starts_on' | 'ends_on' | 'is_online' | 'venue'>): string {
  return `${intakeDates(intake)} · ${intake.is_online ? 'Online' : (intake.venue ?? '')}`;
}

/** 0.8 -> "80 %" */
export function percent(share: number): string {
  return `${Math.round(share * 100)} %`;
}

/** "by desk@ascent.example, 3 Nov 2026, 09:14 EAT" */
export function markedBy(email: string | null, at: string): string {
  return `${email ? `by ${email}, ` : ''}${formatDateTime(at)}`;
}

export const statusLabels = { present: 'Present', absent: 'Absent', excused: 'Excused' } as const;
