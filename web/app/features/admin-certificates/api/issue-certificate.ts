/** Issues one participant's certificate (public.issue_certificate); their e-mail is queued with it. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { certificateHours } from './issue-certificates';

export const issueCertificateInput = z.object({ participantId: z.uuid(), hours: certificateHours });

export async function issueCertificate(input: z.input<typeof issueCertificateInput>): Promise<void> {
  const { participantId, hours } = issueCertificateInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('issue_certificate', {
    participant_id: participantId,
    ...(hours === null ? {} : { hours }),
  });
  if (error) throw error;
}
