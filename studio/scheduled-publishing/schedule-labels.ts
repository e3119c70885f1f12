/** How a schedule reads in the Studio, in Nairobi time whatever the editor's browser zone. */
import { formatDateTime } from '../../domain/dates.ts';
import type { PublishSchedule } from '../../supabase/functions/publish-scheduled/schedule-document.ts';

export function scheduleLabel(schedule: Pick<PublishSchedule, 'state' | 'publishAt'>): string {
  const when = formatDateTime(schedule.publishAt);
  switch (schedule.state) {
    case 'scheduled':
      return `Scheduled for ${when}`;
    case 'publishing':
      return `Publishing (scheduled for ${when})`;
    case 'failed':
      return `Scheduled publish failed (${when})`;
    case 'published':
      return `Published as scheduled (${when})`;
    case 'cancelled':
      return `Unscheduled (was ${when})`;
  }
}
