/** The vouchers screen's writes, for its route's clientAction (JSON bodies; the toast says what happened). */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { createVouchers, newVoucherInput, setPaused } from './vouchers-api';

export const voucherIntent = z.discriminatedUnion('intent', [
  // The form's fields as typed (texts, and the chosen programs' and intakes' ids), checked below.
  z.object({ intent: z.literal('create'), voucher: z.record(z.string(), z.union([z.string(), z.array(z.string())])) }),
  z.object({ intent: z.literal('pause'), id: z.uuid().optional(), batchId: z.uuid().optional(), paused: z.boolean() }),
]);
export type VoucherIntent = z.input<typeof voucherIntent>;

function refused(intent: string, message: string): Promise<ActionResult> {
  return toastedAction(intent, () => Promise.reject(new Error(message)));
}

export function voucherAction(body: unknown): Promise<ActionResult> {
  const parsed = voucherIntent.safeParse(body);
  if (!parsed.success) return refused('create', 'Invalid input.');
  const intent = parsed.data;
  if (intent.intent === 'create') {
    const voucher = newVoucherInput.safeParse(intent.voucher);
    if (!voucher.success) return refused('create', voucher.error.issues[0]?.message ?? 'Invalid input.');
    return toastedAction('create', async () => {
      const codes = await createVouchers(voucher.data);
      return codes.length === 1 ? `Created the code ${codes[0]}.` : `Generated ${codes.length} codes.`;
    });
  }
  const target = intent.id ? { id: intent.id } : intent.batchId ? { batchId: intent.batchId } : null;
  if (!target) return refused('pause', 'Invalid input.');
  return toastedAction(
    'pause',
    async () => {
      const changed = await setPaused(target, intent.paused);
      const what = changed === 1 ? 'the code' : `${changed} codes`;
      return intent.paused ? `Paused ${what}: checkout refuses it until resumed.` : `Resumed ${what}.`;
    },
    intent.id ?? intent.batchId,
  );
}
