/**
 * What the Studio writes for scheduled publishing: a schedule document per "Schedule publish", and
 * its cancellation. Cancelling is conditional on the revision the editor saw, so a worker that
 * claimed the schedule meanwhile wins and the editor is told.
 */
import type { SanityClient } from '@sanity/client';
import {
  SCHEDULE_ID_PREFIX,
  SCHEDULE_TYPE,
  type PublishSchedule,
} from '../../supabase/functions/publish-scheduled/schedule-document.ts';

/** Schedules the document's draft for `publishAt` (an ISO instant in the future). */
export async function schedulePublish(
  client: SanityClient,
  input: { documentId: string; documentType: string; publishAt: string },
  now: Date = new Date(),
): Promise<PublishSchedule> {
  if (!(new Date(input.publishAt).getTime() > now.getTime())) {
    throw new Error('Pick a time in the future: that time has already passed.');
  }
  return client.create<Omit<PublishSchedule, '_rev'>>({
    _id: `${SCHEDULE_ID_PREFIX}${crypto.randomUUID()}`,
    _type: SCHEDULE_TYPE,
    documentId: input.documentId,
    documentType: input.documentType,
    publishAt: new Date(input.publishAt).toISOString(),
    state: 'scheduled',
  }) as Promise<PublishSchedule>;
}

/** Cancels a schedule still waiting (or failed, to clear it from the lists). */
export async function unschedulePublish(client: SanityClient, schedule: PublishSchedule): Promise<void> {
  if (schedule.state !== 'scheduled' && schedule.state !== 'failed') {
    throw new Error('This schedule is being published or is done: it can no longer be cancelled.');
  }
  try {
    await client.patch(schedule._id).ifRevisionId(schedule._rev).set({ state: 'cancelled' }).commit();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 409) {
      throw new Error('The schedule changed meanwhile (it may just have been published): look again.', {
        cause: error,
      });
    }
    throw error;
  }
}

/** The open schedules (waiting, in progress, failed), soonest first; of one document when `documentId` is given. */
export const OPEN_SCHEDULES_QUERY = `*[_type == $type && state in ["scheduled", "publishing", "failed"]
  && (!defined($documentId) || documentId == $documentId)] | order(publishAt asc)`;

export function openSchedules(client: SanityClient, documentId?: string): Promise<PublishSchedule[]> {
  return client.fetch<PublishSchedule[]>(
    OPEN_SCHEDULES_QUERY,
    { type: SCHEDULE_TYPE, documentId: documentId ?? null },
    { perspective: 'raw' },
  );
}
