/** KRA's tax classes as the database holds them (public.tax_classes), for staff screens: the catalogue forms choose one, finance sets the rates. */
import { staffSupabase } from './supabase/staff-client';

export interface TaxClassRow {
  id: string;
  label: string;
  rate_basis_points: number;
  updated_at: string;
}

export async function listTaxClasses(): Promise<TaxClassRow[]> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('tax_classes')
    .select('id, label, rate_basis_points, updated_at')
    .order('id');
  if (error) throw error;
  return data;
}
