/** The certificates of an intake (issued and revoked), for its roster page. RLS: staff with the certificates role. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

export type IntakeCertificate = Database['public']['Tables']['certificates']['Row'];

export const listIntakeCertificatesInput = z.object({ intakeId: z.uuid() });

export async function listIntakeCertificates(
  input: z.input<typeof listIntakeCertificatesInput>,
): Promise<IntakeCertificate[]> {
  const { intakeId } = listIntakeCertificatesInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('certificates')
    .select('*')
    .eq('intake_id', intakeId)
    .order('holder_name');
  if (error) throw error;
  return data;
}
