/**
 * The VAT classes (public.tax_classes) for finance: read them, and change a rated class's label
 * and rate. RLS lets finance (and admins) write; the database's checks are the last word on the rate.
 */
import { z } from 'zod';
import { basisPointsFromPercent, RATED_TAX_TYPE_CODES } from '../../../../../domain/vat.ts';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export interface VatClassRow {
  id: string;
  label: string;
  rate_basis_points: number;
  updated_at: string;
}

export async function listVatClasses(): Promise<VatClassRow[]> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('tax_classes')
    .select('id, label, rate_basis_points, updated_at')
    .order('id');
  if (error) throw error;
  return data;
}

export const vatRateInput = z.object({
  classId: z.enum(RATED_TAX_TYPE_CODES),
  label: z.string().trim().min(1, 'Please name the class, e.g. “VAT 16 %”.').max(60, 'At most 60 characters.'),
  ratePercent: z
    .string()
    .transform((text) => basisPointsFromPercent(text))
    .refine((basisPoints) => basisPoints !== null, 'Enter the rate in per cent, 0 to 100, e.g. 16 or 14.5.'),
});
export type VatRateInput = z.input<typeof vatRateInput>;

export async function setVatRate(input: VatRateInput): Promise<void> {
  const { classId, label, ratePercent } = vatRateInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('tax_classes')
    .update({ label, rate_basis_points: ratePercent! })
    .eq('id', classId)
    .select('id');
  if (error) throw error;
  // RLS hides the row from a role that may not write it: nothing changed.
  if (data.length === 0) throw new Error('Only the finance team may change a VAT rate.');
}
