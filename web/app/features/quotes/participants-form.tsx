/**
 * Naming (or changing) the participants of an accepted quote's order: one list per program, a
 * name per line, until names close before its intake (the database checks the date and the
 * seats and says so in words).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { formatCalendarDate } from '../../../../domain/dates.ts';
import type { QuoteDocument } from '../../../../domain/quote-document.ts';
import { FormField } from '../../components/ui/form-field';
import { nameParticipants } from './quote-api';
import { parseParticipantNames, participantNamesText } from './participant-names';

const namesSchema = z.object({ names: z.array(z.string()) });
type NamesValues = z.output<typeof namesSchema>;

export function ParticipantsForm({
  token,
  quote,
  onSaved,
}: {
  token: string;
  quote: QuoteDocument;
  onSaved: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<NamesValues>({
    resolver: zodResolver(namesSchema),
    defaultValues: { names: quote.lines.map((line) => participantNamesText(line.participants)) },
  });

  const save = async ({ names }: NamesValues) => {
    setFailure(null);
    const result = await nameParticipants(token, names.map(parseParticipantNames));
    if (result.ok) return onSaved();
    setFailure(result.message);
  };

  return (
    <form className="quote-form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      {quote.lines.map((line, index) => (
        <FormField
          key={line.position}
          label={`Participants for ${line.title} (${line.participants.length} of ${line.seats} named)`}
          hint={[
            `One per line, ${line.seats} at most: a name, or a name, a comma and an e-mail.`,
            line.names_close_on ? `Names can be changed until ${formatCalendarDate(line.names_close_on)}.` : '',
          ].join(' ')}
          error={undefined}
        >
          {(control) => (
            <textarea
              className="field__input"
              rows={Math.min(Math.max(line.seats, 3), 12)}
              {...control}
              {...register(`names.${index}`)}
            />
          )}
        </FormField>
      ))}
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Save the participants'}
      </button>
    </form>
  );
}
