/**
 * The finance screen's clientAction, with a toast either way: "Retry" sends a document to eTIMS
 * again; "Save class B" changes a VAT class's name and rate.
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { toastError } from '../../components/admin/admin-toast';
import { retryTaxDocument } from './api/retry-tax-document';
import { setVatRate, vatRateInput } from './api/vat-rates';

const retryIntent = z.object({ intent: z.literal('retry'), documentId: z.uuid(), number: z.string() });
// The rate stays text here: setVatRate reads it with the form's own schema.
const vatRateIntent = vatRateInput.extend({
  intent: z.templateLiteral(['vat_rate_', vatRateInput.shape.classId]),
  ratePercent: z.string(),
});

export async function taxDocumentsAction(body: unknown): Promise<ActionResult> {
  const parsed = z.union([retryIntent, vatRateIntent]).safeParse(body);
  if (!parsed.success) {
    const words = 'This change is not one this page makes. Reload the page and try again.';
    void toastError(words);
    return { intent: 'unknown', ok: false, error: words };
  }
  const intent = parsed.data;
  if (intent.intent === 'retry')
    return toastedAction('retry', async () => {
      await retryTaxDocument({ documentId: intent.documentId });
      return `${intent.number} goes to eTIMS again now.`;
    });
  return toastedAction(intent.intent, async () => {
    await setVatRate(intent);
    return `Class ${intent.classId} is now “${intent.label}” at ${intent.ratePercent.trim()} %.`;
  });
}
