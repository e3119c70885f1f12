/** A program's intakes by start date, each with its seats sold (the capacity cannot go below them). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

export type IntakeRow = Database['public']['Tables']['program_intakes']['Row'];

export interface IntakeWithSold extends IntakeRow {
  /** Seats of the orders that hold seats, as the database counts them (public.admin_intake_seats). */
  sold: number;
}

export const listIntakesInput = z.object({ programId: z.uuid() });

export async function listIntakes(input: z.input<typeof listIntakesInput>): Promise<IntakeWithSold[]> {
  const { programId } = listIntakesInput.parse(input);
  const supabase = await staffSupabase();
  const [intakes, seats] = await Promise.all([
    supabase.from('program_intakes').select('*').eq('program_id', programId).order('starts_on'),
    supabase.rpc('admin_intake_seats', { program: programId }),
  ]);
  if (intakes.error) throw intakes.error;
  if (seats.error) throw seats.error;
  const sold = new Map(seats.data.map((row) => [row.intake_id, row.seats_sold]));
  return intakes.data.map((intake) => ({ ...intake, sold: sold.get(intake.id) ?? 0 }));
}
