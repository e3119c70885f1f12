/**
 * Issues certificates (public.issue_intake_certificates / issue_certificate): to every participant
 * of the intake who completed and has none yet, or to one. Each first issue queues its e-mail.
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

/** Hours printed on the certificate; empty prints none. */
export const certificateHours = z
  .number({ error: 'Enter the hours as a whole number, or leave the field empty.' })
  .int('Enter the hours as a whole number, or leave the field empty.')
  .min(1, 'The hours are from 1 to 2000.')
  .max(2000, 'The hours are from 1 to 2000.')
  .nullable();

export const issueIntakeCertificatesInput = z.object({ intakeId: z.uuid(), hours: certificateHours });

/** Answers how many were issued. */
export async function issueIntakeCertificates(input: z.input<typeof issueIntakeCertificatesInput>): Promise<number> {
  const { intakeId, hours } = issueIntakeCertificatesInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('issue_intake_certificates', {
    intake_id: intakeId,
    ...(hours === null ? {} : { hours }),
  });
  if (error) throw error;
  return data;
}
