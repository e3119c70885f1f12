/**
 * The clientAction of an enquiry's page: the staff's handling saved through api/update-enquiry,
 * a toast saying what changed ("Status set to In progress."), or the refusal in words.
 */
import type { ActionResult } from '../../components/admin/action-result';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { describeDbError } from '../../components/admin/describe-db-error';
import { updateEnquiry, type EnquiryChange } from './api/update-enquiry';
import { enquiryConstraintMessages, type Enquiry } from './enquiries-data';
import { enquiryStatusLabels, isEnquiryStatus } from './enquiry-labels';

export const handlingIntent = 'handling';

/** What a save changed, in words for the toast ("Status set to In progress. Assigned to a@b."). */
export function describeChange(change: EnquiryChange, saved: Pick<Enquiry, 'assignee'>): string {
  const parts: string[] = [];
  if (change.status !== undefined && isEnquiryStatus(change.status)) {
    parts.push(`Status set to ${enquiryStatusLabels[change.status]}.`);
  }
  if (change.assigned_to !== undefined) {
    parts.push(saved.assignee ? `Assigned to ${saved.assignee.email}.` : 'No longer assigned.');
  }
  if (change.internal_notes !== undefined) parts.push('Internal notes saved.');
  return parts.join(' ');
}

/** `body`: `{ change }` posted by the page; api/update-enquiry checks it. */
export async function handlingAction(id: string, body: unknown): Promise<ActionResult> {
  const change = (body as { change?: EnquiryChange }).change ?? {};
  try {
    const saved = await updateEnquiry({ id, change });
    void toastSuccess(describeChange(change, saved));
    return { intent: handlingIntent, ok: true, id };
  } catch (error) {
    const words = describeDbError(error, enquiryConstraintMessages);
    void toastError(words);
    return { intent: handlingIntent, ok: false, error: words };
  }
}
