/**
 * The subscribers list's one write, for its route's clientAction: removing a subscriber, posted
 * as JSON by the list's confirmation. The toast says what happened; the result carries the
 * failure's words. Afterwards the router reads the list again (its clientLoader).
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { removeSubscriber } from './api/remove-subscriber';

export const removeIntent = z.object({ intent: z.literal('remove'), id: z.uuid(), email: z.string() });
export type RemoveIntent = z.input<typeof removeIntent>;

export function subscriberAction(body: unknown): Promise<ActionResult> {
  const { intent, id, email } = removeIntent.parse(body);
  return toastedAction(
    intent,
    async () => {
      await removeSubscriber({ id });
      return `Removed ${email}.`;
    },
    id,
  );
}
