/**
 * A certificate's PDF for staff, from the certificate-pdf function with the staff member's own
 * session (the same PDF the e-mail carries).
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const downloadCertificateInput = z.object({ certificateId: z.uuid() });

export async function downloadCertificate(input: z.input<typeof downloadCertificateInput>): Promise<Blob> {
  const { certificateId } = downloadCertificateInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.functions.invoke<Blob>('certificate-pdf', { body: { id: certificateId } });
  if (error) throw new Error('The certificate could not be made just now. Try again in a moment.');
  if (!(data instanceof Blob)) throw new Error('The certificate service answered something other than a PDF.');
  return data;
}
