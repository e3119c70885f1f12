/**
 * KRA's verification URL printed (as a QR code) on a registered tax document, from the deployment's
 * settings: one place for the PDF download (tax-document-pdf) and the mailed copy (process-mail-outbox).
 */
import { getEnv, requireEnv } from './env.ts';
import { etimsVerificationUrl, type TaxDocumentData } from './tax-document-pdf.ts';

/** KRA's sandbox verification page; production's is set with ETIMS_VERIFY_URL (docs/etims.md). */
export const DEFAULT_ETIMS_VERIFY_URL =
  'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=';

/** The registered document's verification URL; null while eTIMS has not registered it. */
export function documentVerificationUrl(
  document: Pick<TaxDocumentData, 'etims_status' | 'etims_receipt'>,
): string | null {
  if (document.etims_status !== 'registered' || !document.etims_receipt) return null;
  return etimsVerificationUrl(
    getEnv('ETIMS_VERIFY_URL') ?? DEFAULT_ETIMS_VERIFY_URL,
    requireEnv('ETIMS_TIN'),
    getEnv('ETIMS_BRANCH_ID') ?? '00',
    document.etims_receipt.rcptSign,
  );
}
