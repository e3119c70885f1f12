/** Revokes a certificate with a reason (public.revoke_certificate): /verify then says revoked, and when. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const revokeReason = z
  .string()
  .trim()
  .min(1, 'Say why the certificate is revoked.')
  .max(500, 'A reason has at most 500 characters.');

export const revokeCertificateInput = z.object({ certificateId: z.uuid(), reason: revokeReason });

export async function revokeCertificate(input: z.input<typeof revokeCertificateInput>): Promise<void> {
  const { certificateId, reason } = revokeCertificateInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('revoke_certificate', { certificate_id: certificateId, reason });
  if (error) throw error;
}
