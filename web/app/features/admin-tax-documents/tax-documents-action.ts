/** The finance screen's clientAction: "Retry" sends a document to eTIMS again, with a toast either way. */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { toastError } from '../../components/admin/admin-toast';
import { retryTaxDocument } from './api/retry-tax-document';

const retryIntent = z.object({ intent: z.literal('retry'), documentId: z.uuid(), number: z.string() });

export async function taxDocumentsAction(body: unknown): Promise<ActionResult> {
  const parsed = retryIntent.safeParse(body);
  if (!parsed.success) {
    const words = 'This change is not one this page makes. Reload the page and try again.';
    void toastError(words);
    return { intent: 'unknown', ok: false, error: words };
  }
  const { documentId, number } = parsed.data;
  return toastedAction('retry', async () => {
    await retryTaxDocument({ documentId });
    return `${number} goes to eTIMS again now.`;
  });
}
