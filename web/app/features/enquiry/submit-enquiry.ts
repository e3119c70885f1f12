/**
 * Sends an enquiry with submit_enquiry, from the browser (enquiries are limited per client, so the
 * call must come from the visitor's own connection), through the shared supabase-js client. A
 * refusal names the field it belongs to.
 */
import { refusalOf } from '../../../../domain/refusal.ts';
import { PROOF_HEADER, withProof } from '../../lib/proof-of-work/with-proof';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { EnquiryValues } from './enquiry-schema';

export type SubmitResult = { ok: true } | { ok: false; field: string | null; message: string };

export const UNREACHABLE = 'We couldn’t reach our server. Please check your connection and try again.';

export async function submitEnquiry(values: EnquiryValues): Promise<SubmitResult> {
  let client;
  try {
    client = await getBrowserSupabase();
  } catch (error) {
    console.error('[enquiry] supabase-js could not load:', error);
    return { ok: false, field: null, message: UNREACHABLE };
  }
  const { error } = await withProof(client, (proof) => {
    const call = client.rpc('submit_enquiry', values);
    return proof ? call.setHeader(PROOF_HEADER, proof) : call;
  });
  if (!error) return { ok: true };
  const refusal = refusalOf(error);
  if (refusal) return { ok: false, field: refusal.throttled ? null : refusal.field, message: refusal.message };
  console.error('[enquiry] submit_enquiry failed:', error.code, error.message);
  return { ok: false, field: null, message: UNREACHABLE };
}
