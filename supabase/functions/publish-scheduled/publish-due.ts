/**
 * Publishes the drafts whose schedule is due, each once. A schedule is first claimed (state
 * `publishing`, a patch conditional on the revision the run read): of two workers, or a retry, only
 * the one whose claim lands publishes. The draft is then published through the Actions API pinned
 * to the revision read after the claim, and the outcome recorded on the schedule: `published`, or
 * `failed` with the reason (no draft, the lake's refusal) for the Studio to show. A claim left
 * behind by a run that stopped half-way is marked failed after `staleClaimMs`, never retried:
 * whether its draft went out cannot be told, and publishing twice could publish later edits.
 */
import { act, LakeError, mutate, query, type LakeSettings } from './lake-api.ts';
import { SCHEDULE_TYPE, type PublishSchedule } from './schedule-document.ts';

export interface PublishRun {
  published: Array<{ scheduleId: string; documentId: string; transactionId: string }>;
  failed: Array<{ scheduleId: string; documentId: string; error: string }>;
  /** Schedules another worker claimed first. */
  skipped: string[];
}

export interface PublishDueOptions {
  /** The run's clock: tests move it instead of waiting. */
  now: () => Date;
  /** After this long a claim counts as abandoned (default 10 minutes). */
  staleClaimMs?: number;
}

const DUE_QUERY = `*[_type == $type && (
  (state == "scheduled" && dateTime(publishAt) <= dateTime($now)) ||
  (state == "publishing" && dateTime(claimedAt) <= dateTime($staleBefore))
)] | order(publishAt asc)`;

const isConflict = (error: unknown) => error instanceof LakeError && error.status === 409;

export async function publishDueSchedules(lake: LakeSettings, options: PublishDueOptions): Promise<PublishRun> {
  const now = options.now();
  const staleBefore = new Date(now.getTime() - (options.staleClaimMs ?? 10 * 60_000)).toISOString();
  const due = await query<PublishSchedule[]>(lake, DUE_QUERY, {
    type: SCHEDULE_TYPE,
    now: now.toISOString(),
    staleBefore,
  });
  const run: PublishRun = { published: [], failed: [], skipped: [] };
  for (const schedule of due) {
    if (schedule.state === 'publishing') {
      const error = `The publishing run that began ${schedule.claimedAt ?? ''} stopped before it finished; open the document to check whether it was published, and schedule it again if not.`;
      const marked = await record(lake, schedule._id, schedule._rev, { state: 'failed', error });
      if (marked) run.failed.push({ scheduleId: schedule._id, documentId: schedule.documentId, error });
      else run.skipped.push(schedule._id);
      continue;
    }
    const claim = await record(lake, schedule._id, schedule._rev, {
      state: 'publishing',
      claimedAt: now.toISOString(),
    });
    if (!claim) {
      run.skipped.push(schedule._id);
      continue;
    }
    const outcome = await publishDraft(lake, schedule.documentId);
    if ('transactionId' in outcome) {
      await record(lake, schedule._id, claim, {
        state: 'published',
        publishedAt: now.toISOString(),
        publishedRevision: outcome.transactionId,
      });
      run.published.push({ scheduleId: schedule._id, documentId: schedule.documentId, ...outcome });
    } else {
      await record(lake, schedule._id, claim, { state: 'failed', error: outcome.error });
      run.failed.push({ scheduleId: schedule._id, documentId: schedule.documentId, error: outcome.error });
    }
  }
  return run;
}

/** Publishes the document's current draft, or says in words why not. */
async function publishDraft(
  lake: LakeSettings,
  documentId: string,
): Promise<{ transactionId: string } | { error: string }> {
  const draftId = `drafts.${documentId}`;
  try {
    const draftRevision = await query<string | null>(lake, `*[_id == $id][0]._rev`, { id: draftId });
    if (!draftRevision) {
      return { error: `Nothing to publish: the document had no unpublished changes (no draft) when it was due.` };
    }
    const { transactionId } = await act(lake, [
      {
        actionType: 'sanity.action.document.publish',
        draftId,
        publishedId: documentId,
        ifDraftRevisionId: draftRevision,
      },
    ]);
    return { transactionId };
  } catch (error) {
    return { error: `Publishing failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Sets fields on the schedule if it is still at `revision`: the new revision, or undefined when
 * another writer changed it first (another worker's claim, an editor's unscheduling).
 */
async function record(
  lake: LakeSettings,
  scheduleId: string,
  revision: string,
  fields: Partial<PublishSchedule>,
): Promise<string | undefined> {
  const unset = fields.state === 'failed' ? [] : ['error'];
  try {
    const { transactionId } = await mutate(lake, [
      { patch: { id: scheduleId, ifRevisionID: revision, set: fields, ...(unset.length ? { unset } : {}) } },
    ]);
    return transactionId;
  } catch (error) {
    if (isConflict(error)) return undefined;
    throw error;
  }
}
