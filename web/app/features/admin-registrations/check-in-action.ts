/** The clientAction of an event's registrations page: checking a person in, or undoing it, with a toast. */
import { z } from 'zod';
import type { ActionResult } from '../../components/admin/action-result';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { describeDbError } from '../../components/admin/describe-db-error';
import { setCheckedIn } from './api/set-checked-in';
import { registrationConstraintMessages } from './registrations-data';

export const checkInIntent = z.object({ intent: z.literal('check-in'), id: z.uuid(), checkedIn: z.boolean() });
export type CheckInIntent = z.input<typeof checkInIntent>;

export async function checkInAction(body: unknown): Promise<ActionResult> {
  try {
    const { id, checkedIn } = checkInIntent.parse(body);
    const { name } = await setCheckedIn({ id, checkedIn });
    void toastSuccess(checkedIn ? `${name} is checked in.` : `${name}'s check-in was undone.`);
    return { intent: 'check-in', ok: true, id };
  } catch (error) {
    const words = describeDbError(error, registrationConstraintMessages);
    void toastError(words);
    return { intent: 'check-in', ok: false, error: words };
  }
}
