/** Swaps the display order of two impact figures (Move up / Move down). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

const placed = z.object({ id: z.uuid(), sort_order: z.number().int() });
export const swapMetricOrderInput = z.object({ a: placed, b: placed });

export async function swapMetricOrder(input: z.input<typeof swapMetricOrderInput>): Promise<void> {
  const { a, b } = swapMetricOrderInput.parse(input);
  const supabase = await staffSupabase();
  // Equal orders (new rows default to 0) would swap to the same values: spread them apart first.
  const [orderA, orderB] =
    a.sort_order === b.sort_order ? [b.sort_order + 1, b.sort_order] : [b.sort_order, a.sort_order];
  for (const [id, sort_order] of [
    [a.id, orderA],
    [b.id, orderB],
  ] as const) {
    const { error } = await supabase.from('impact_metrics').update({ sort_order }).eq('id', id).select('id').single();
    if (error) throw error;
  }
}
