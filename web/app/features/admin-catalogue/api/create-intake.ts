/**
 * Adds an intake to a program. The form checks its fields with intakeSchema (which knows the
 * seats sold and today's date); this checks the values' shape, and the database the rest.
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const intakeValues = z.object({
  starts_on: z.iso.date(),
  ends_on: z.iso.date(),
  is_online: z.boolean(),
  venue: z.string().nullable(),
  capacity: z.number().int(),
  is_published: z.boolean(),
  early_bird_price: z.number().nullable(),
  early_bird_until: z.iso.datetime({ offset: true }).nullable(),
});

export const createIntakeInput = z.object({ programId: z.uuid(), values: intakeValues });

export async function createIntake(input: z.input<typeof createIntakeInput>): Promise<void> {
  const { programId, values } = createIntakeInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase
    .from('program_intakes')
    .insert({ ...values, program_id: programId })
    .select('id')
    .single();
  if (error) throw error;
}
