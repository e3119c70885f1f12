/**
 * The schedule document the Studio writes and the worker reads: one per "Schedule publish", kept
 * in the content lake beside the document it publishes. Its id lies under the `schedules.` path,
 * which a hosted project never shows to a caller without a token (as it hides `drafts.`).
 */

export const SCHEDULE_TYPE = 'publishSchedule';
export const SCHEDULE_ID_PREFIX = 'schedules.';

/**
 * scheduled: waiting for publishAt; publishing: a worker claimed it (a run in progress, or one
 * that stopped half-way); published, failed (with `error`), cancelled: final.
 */
export type ScheduleState = 'scheduled' | 'publishing' | 'published' | 'failed' | 'cancelled';

export interface PublishSchedule {
  _id: string;
  _type: typeof SCHEDULE_TYPE;
  _rev: string;
  /** The published id of the document whose draft is published. */
  documentId: string;
  documentType: string;
  /** UTC ISO instant. */
  publishAt: string;
  state: ScheduleState;
  error?: string;
  claimedAt?: string;
  publishedAt?: string;
  /** The transaction that published the draft. */
  publishedRevision?: string;
}

/** Those the Studio lists and shows on a document: not yet published, or failed. */
export const OPEN_STATES: readonly ScheduleState[] = ['scheduled', 'publishing', 'failed'];
