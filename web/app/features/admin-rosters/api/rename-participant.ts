/** Corrects a participant's name and e-mail (a colleague sent instead); the audit log keeps the old ones. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const participantValues = z.object({
  full_name: z
    .string()
    .trim()
    .min(1, 'Enter the participant’s full name.')
    .max(200, 'A name has at most 200 characters.'),
  // Idempotent (the action parses, then this function again): '' and null both mean none.
  email: z
    .string()
    .trim()
    .max(254, 'An e-mail address has at most 254 characters.')
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Enter an e-mail address like name@example.com, or leave it empty.',
    )
    .nullable()
    .transform((value) => (value ? value.toLowerCase() : null)),
});

export const renameParticipantInput = z.object({ id: z.uuid(), values: participantValues });

export async function renameParticipant(input: z.input<typeof renameParticipantInput>): Promise<void> {
  const { id, values } = renameParticipantInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.from('order_participants').update(values).eq('id', id).select('id').single();
  if (error) throw error;
}
