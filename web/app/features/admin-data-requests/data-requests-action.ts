/** The /admin/data-requests screen's one write, for its route's clientAction: complete a request (confirmed on the page first). */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { completeDataRequest } from './api/complete-data-request';

export const completeIntent = 'complete';

const body = z.object({ intent: z.literal(completeIntent), id: z.uuid(), email: z.string() });
export type CompleteBody = z.input<typeof body>;

export async function dataRequestsAction(request: Request): Promise<ActionResult> {
  const { id, email } = body.parse(await request.json());
  return toastedAction(
    completeIntent,
    async () =>
      `Completed the request of ${email}. ${await completeDataRequest({ id })} They have been told by e-mail.`,
    id,
  );
}
