/** A program's intakes by start date, each with its seats sold (the capacity cannot go below them). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

export type IntakeRow = Database['public']['Tables']['program_intakes']['Row'];

export interface IntakeWithSold extends IntakeRow {
  /** Seats on non-cancelled orders. */
  sold: number;
}

export const listIntakesInput = z.object({ programId: z.uuid() });

export async function listIntakes(input: z.input<typeof listIntakesInput>): Promise<IntakeWithSold[]> {
  const { programId } = listIntakesInput.parse(input);
  const supabase = await staffSupabase();
  const { data: intakes, error } = await supabase
    .from('program_intakes')
    .select('*')
    .eq('program_id', programId)
    .order('starts_on');
  if (error) throw error;
  if (intakes.length === 0) return [];
  const { data: lines, error: linesError } = await supabase
    .from('order_items')
    .select('intake_id, quantity, orders!inner(status)')
    .in(
      'intake_id',
      intakes.map((intake) => intake.id),
    )
    .neq('orders.status', 'cancelled');
  if (linesError) throw linesError;
  return intakes.map((intake) => ({
    ...intake,
    sold: lines.filter((line) => line.intake_id === intake.id).reduce((sum, line) => sum + line.quantity, 0),
  }));
}
