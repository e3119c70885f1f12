/**
 * "Change the name" of one participant on a paid order before its intake starts, through
 * public.rename_order_participant (the database checks the order is the customer's, paid, and
 * the intake not started; the audit trigger records the change).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { FormField } from '../../components/ui/form-field';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

const renameSchema = z.object({
  fullName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please enter the participant's full name."),
      z.maxLength(200, 'A name must be at most 200 characters.'),
    ),
});
type RenameValues = z.output<typeof renameSchema>;

interface Props {
  participantId: string;
  currentName: string;
  onRenamed: () => void;
}

export function RenameParticipantForm({ participantId, currentName, onRenamed }: Props) {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<RenameValues>({
    resolver: zodResolver(renameSchema),
    defaultValues: { fullName: currentName },
  });

  const rename = async ({ fullName }: RenameValues) => {
    try {
      const supabase = await getBrowserSupabase();
      const { error } = await supabase.rpc('rename_order_participant', {
        participant_id: participantId,
        full_name: fullName,
      });
      // The function's own sentence ("The intake has started: …") says what to do.
      if (error) return setError('fullName', { message: error.message }, { shouldFocus: true });
      setOpen(false);
      onRenamed();
    } catch (error) {
      console.error('[account] renaming the participant failed:', error);
      setError('fullName', { message: 'Could not save the name. Please try again.' }, { shouldFocus: true });
    }
  };

  if (!open)
    return (
      <button type="button" className="button button--secondary account-inline" onClick={() => setOpen(true)}>
        Change the name<span className="visually-hidden"> of {currentName}</span>
      </button>
    );
  return (
    <form className="account-rename" noValidate onSubmit={(event) => void handleSubmit(rename)(event)}>
      <FormField label={`New name for ${currentName}`} error={formState.errors.fullName?.message} announceError>
        {(control) => (
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the field the button just opened
          <input className="field__input" autoComplete="off" autoFocus {...control} {...register('fullName')} />
        )}
      </FormField>
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        Save the name
      </button>
      <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
