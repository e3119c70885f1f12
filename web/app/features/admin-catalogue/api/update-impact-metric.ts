/** Saves an impact figure's label, value, suffix and publication. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { metricSchema } from '../schemas';

export const updateImpactMetricInput = z.object({ id: z.uuid(), values: metricSchema });

export async function updateImpactMetric(input: z.input<typeof updateImpactMetricInput>): Promise<void> {
  const { id, values } = updateImpactMetricInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.from('impact_metrics').update(values).eq('id', id).select('id').single();
  if (error) throw error;
}
