/** The campaigns screen's writes, for its route's clientAction (JSON bodies; the toast says what happened). */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { createCampaign, newCampaignInput, sendCampaign, sendCampaignTest, stopCampaign } from './campaigns-api';

export const campaignIntent = z.discriminatedUnion('intent', [
  newCampaignInput.extend({ intent: z.literal('create') }),
  z.object({ intent: z.literal('test'), id: z.uuid() }),
  z.object({ intent: z.literal('send'), id: z.uuid() }),
  z.object({ intent: z.literal('stop'), id: z.uuid() }),
]);
export type CampaignIntent = z.input<typeof campaignIntent>;

export function campaignAction(body: unknown): Promise<ActionResult> {
  const parsed = campaignIntent.safeParse(body);
  if (!parsed.success)
    return toastedAction('create', () =>
      Promise.reject(new Error(parsed.error.issues[0]?.message ?? 'Invalid input.')),
    );
  const intent = parsed.data;
  switch (intent.intent) {
    case 'create':
      return toastedAction('create', async () => {
        await createCampaign(intent);
        return `Saved the draft “${intent.subject}”.`;
      });
    case 'test':
      return toastedAction('test', async () => `Sent a test to ${await sendCampaignTest(intent.id)}.`, intent.id);
    case 'send':
      return toastedAction('send', async () => `Sending to ${await sendCampaign(intent.id)} subscribers.`, intent.id);
    case 'stop':
      return toastedAction(
        'stop',
        async () => {
          await stopCampaign(intent.id);
          return 'Stopped: no further mail of this campaign goes out.';
        },
        intent.id,
      );
  }
}
