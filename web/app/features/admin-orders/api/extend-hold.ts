/** Keeps an unpaid order's seats `hours` longer (from now, or from the end of its hold if later). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const extendHoldInput = z.object({ id: z.uuid(), hours: z.number().int().positive() });

export async function extendHold(input: z.input<typeof extendHoldInput>): Promise<void> {
  const { id, hours } = extendHoldInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('extend_order_hold', { order_id: id, hours });
  if (error) throw error;
}
