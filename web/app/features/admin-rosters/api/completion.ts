/** A program's completion rule, and staff overrides of a participant's completion (with a reason). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const completionRuleInput = z.object({
  programId: z.uuid(),
  /** Whole per cent, as the form asks for it. */
  percent: z.coerce
    .number({ error: 'Enter a number from 0 to 100.' })
    .int('Enter a whole number of per cent.')
    .min(0, 'Enter a number from 0 to 100.')
    .max(100, 'Enter a number from 0 to 100.'),
});

export async function setCompletionRule(input: z.input<typeof completionRuleInput>): Promise<void> {
  const { programId, percent } = completionRuleInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase
    .from('program_completion_rules')
    .upsert({ program_id: programId, min_attendance_share: percent / 100 }, { onConflict: 'program_id' })
    .select('id');
  if (error) throw error;
}

export const overrideValues = z.object({
  completed: z.boolean({ error: 'Choose completed or not completed.' }),
  reason: z
    .string()
    .trim()
    .min(3, 'Give the reason (at least 3 characters): it is kept with the decision.')
    .max(500, 'A reason has at most 500 characters.'),
});

export const setOverrideInput = z.object({ participantId: z.uuid(), values: overrideValues });

export async function setCompletionOverride(input: z.input<typeof setOverrideInput>): Promise<void> {
  const { participantId, values } = setOverrideInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase
    .from('completion_overrides')
    .upsert({ participant_id: participantId, ...values }, { onConflict: 'participant_id' })
    .select('id');
  if (error) throw error;
}

export const clearOverrideInput = z.object({ participantId: z.uuid() });

/** Back to the rule. */
export async function clearCompletionOverride(input: z.input<typeof clearOverrideInput>): Promise<void> {
  const { participantId } = clearOverrideInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.from('completion_overrides').delete().eq('participant_id', participantId);
  if (error) throw error;
}
