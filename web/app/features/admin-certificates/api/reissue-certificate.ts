/** Re-issues a certificate with a corrected name (public.reissue_certificate): same code, the change and why in its history. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const reissueValues = z.object({
  holderName: z
    .string()
    .trim()
    .min(1, 'Enter the name as it should be printed.')
    .max(200, 'A name has at most 200 characters.'),
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the certificate is re-issued.')
    .max(500, 'A reason has at most 500 characters.'),
});

export const reissueCertificateInput = z.object({ certificateId: z.uuid(), values: reissueValues });

export async function reissueCertificate(input: z.input<typeof reissueCertificateInput>): Promise<void> {
  const { certificateId, values } = reissueCertificateInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('reissue_certificate', {
    certificate_id: certificateId,
    holder_name: values.holderName,
    reason: values.reason,
  });
  if (error) throw error;
}
