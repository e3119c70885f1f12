/**
 * Accepting a quote: the organisation's purchase-order number, and, if it wishes, the names now
 * (one per line per program; the rest can be named later from the same link). The database makes
 * the order at the quoted prices and holds the seats; accepting twice answers the same order.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { QuoteDocument } from '../../../../domain/quote-document.ts';
import { FormField } from '../../components/ui/form-field';
import { acceptQuote } from './quote-api';
import { parseParticipantNames } from './participant-names';

const acceptSchema = z.object({
  poNumber: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your purchase-order number.'),
      z.maxLength(50, 'A purchase-order number is at most 50 characters.'),
    ),
  names: z.array(z.string()),
});
type AcceptValues = z.output<typeof acceptSchema>;

export function AcceptQuoteForm({
  token,
  quote,
  onAccepted,
}: {
  token: string;
  quote: QuoteDocument;
  onAccepted: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<AcceptValues>({
    resolver: zodResolver(acceptSchema),
    defaultValues: { poNumber: '', names: quote.lines.map(() => '') },
  });

  const accept = async ({ poNumber, names }: AcceptValues) => {
    setFailure(null);
    const people = names.map(parseParticipantNames);
    const result = await acceptQuote(token, poNumber, people.some((line) => line.length > 0) ? people : null);
    if (result.ok) return onAccepted();
    if (result.field === 'po_number') return setError('poNumber', { message: result.message }, { shouldFocus: true });
    setFailure(result.message);
  };

  return (
    <form className="quote-form" noValidate onSubmit={(event) => void handleSubmit(accept)(event)}>
      <h2>Accept this quote</h2>
      <FormField label="Purchase-order number" error={formState.errors.poNumber?.message}>
        {(control) => <input className="field__input" autoComplete="off" {...control} {...register('poNumber')} />}
      </FormField>
      {quote.lines.map((line, index) => (
        <FormField
          key={line.position}
          label={`Participants for ${line.title}`}
          optional
          hint={`One per line, ${line.seats} at most: a name, or a name, a comma and an e-mail. You can also name them later from the link in your e-mail.`}
          error={undefined}
        >
          {(control) => <textarea className="field__input" rows={3} {...control} {...register(`names.${index}`)} />}
        </FormField>
      ))}
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Accepting…' : 'Accept the quote'}
      </button>
    </form>
  );
}
