/** Adds an impact figure after the last one in display order. */
import type { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { metricSchema } from '../schemas';

export async function createImpactMetric(input: z.input<typeof metricSchema>): Promise<void> {
  const values = metricSchema.parse(input);
  const supabase = await staffSupabase();
  const { data: last, error: lastError } = await supabase
    .from('impact_metrics')
    .select('sort_order')
    .order('sort_order', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (lastError) throw lastError;
  const { error } = await supabase
    .from('impact_metrics')
    .insert({ ...values, sort_order: (last?.sort_order ?? 0) + 1 })
    .select('id')
    .single();
  if (error) throw error;
}
