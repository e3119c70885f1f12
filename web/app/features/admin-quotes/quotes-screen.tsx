/**
 * /admin/quotes: finance or programmes staff build a quote for an organisation (programs,
 * intakes, seats, unit prices and discounts, validity, terms) and send it (an e-mail with the
 * quote as a PDF and the link to accept it), then see each quote's state: sent, viewed, accepted
 * (with its order), expired or withdrawn. Sending again and withdrawing are per row.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useState } from 'react';
import { Link } from 'react-router';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { SelectField, TextAreaField, TextField } from '../../components/admin/form-fields';
import { formatMoney } from '../../lib/money';
import type { QuoteIntent } from './quote-action';
import { newQuoteInput, type NewQuote, type NewQuoteInput, type QuoteChoices, type QuoteRow } from './quotes-api';
import '../../components/ui/form-fields.css';
import './quotes.css';

const STATE_WORDS: Record<string, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** A number field's error (its input is typed loosely, coerced by the schema). */
const numberError = (error: unknown) => error as FieldError | undefined;

const emptyLine = { programId: '', intakeId: '', seats: 1, unitPrice: '', discount: 0 } as const;

/** The form's starting values: valid for two weeks from today. */
function newQuoteDefaults(): NewQuoteInput {
  const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return {
    organisation: '',
    contactName: '',
    contactEmail: '',
    kraPin: '',
    currency: 'KES',
    validUntil: inTwoWeeks,
    terms: '',
    holdDays: 14,
    namesCutoffDays: 3,
    lines: [{ ...emptyLine }],
  };
}

function NewQuoteForm({ choices }: { choices: QuoteChoices }) {
  const [defaults] = useState(newQuoteDefaults);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<NewQuoteInput, unknown, NewQuote>({ resolver: zodResolver(newQuoteInput), defaultValues: defaults });
  const lines = useFieldArray({ control, name: 'lines' });
  const { post, busy, pendingIntent } = usePostToRoute();
  useActionResult('create', (result) => {
    if (result.ok) reset(defaults);
  });
  const [currency, chosenLines] = useWatch({ control, name: ['currency', 'lines'] });
  const programs = choices.programs.filter((program) => program.currency === currency);

  return (
    <form
      className="quote-form"
      aria-labelledby="new-quote-title"
      noValidate
      onSubmit={(event) => void handleSubmit((quote) => post({ intent: 'create', quote } satisfies QuoteIntent))(event)}
    >
      <h2 id="new-quote-title">New quote</h2>
      <div className="quote-form__grid">
        <TextField label="Organisation" required registration={register('organisation')} error={errors.organisation} />
        <TextField label="Contact name" required registration={register('contactName')} error={errors.contactName} />
        <TextField
          label="Contact e-mail"
          type="email"
          required
          registration={register('contactEmail')}
          error={errors.contactEmail}
        />
        <TextField label="KRA PIN (optional)" registration={register('kraPin')} error={errors.kraPin} />
        <SelectField
          label="Currency"
          registration={register('currency')}
          error={errors.currency}
          hint="A quote holds programs priced in its currency."
          options={[
            { value: 'KES', label: 'KES' },
            { value: 'USD', label: 'USD' },
          ]}
        />
        <TextField
          label="Valid until"
          type="date"
          required
          registration={register('validUntil')}
          error={errors.validUntil}
        />
        <TextField
          label="Days seats are held once accepted"
          type="number"
          min={1}
          registration={register('holdDays')}
          error={numberError(errors.holdDays)}
        />
        <TextField
          label="Names close this many days before an intake"
          type="number"
          min={0}
          registration={register('namesCutoffDays')}
          error={numberError(errors.namesCutoffDays)}
        />
      </div>
      <fieldset className="quote-form__lines">
        <legend>Programs</legend>
        {lines.fields.map((field, index) => {
          const programId = chosenLines[index]?.programId;
          const lineErrors = errors.lines?.[index];
          return (
            <div key={field.id} className="quote-form__line" role="group" aria-label={`Program ${index + 1}`}>
              <SelectField
                label={`Program ${index + 1}`}
                required
                registration={register(`lines.${index}.programId`, {
                  onChange: (event: { target: { value: string } }) => {
                    const program = programs.find((p) => p.id === event.target.value);
                    if (program) setValue(`lines.${index}.unitPrice`, String(program.price_amount));
                    setValue(`lines.${index}.intakeId`, '');
                  },
                })}
                error={lineErrors?.programId}
                options={[
                  { value: '', label: 'Choose a program' },
                  ...programs.map((program) => ({
                    value: program.id,
                    label: `${program.title} (${formatMoney(program.price_amount, program.currency)})`,
                  })),
                ]}
              />
              <SelectField
                label="Intake"
                registration={register(`lines.${index}.intakeId`)}
                error={lineErrors?.intakeId}
                options={[
                  { value: '', label: 'Dates to be agreed (no seats held)' },
                  ...choices.intakes
                    .filter((intake) => intake.program_id === programId)
                    .map((intake) => ({ value: intake.id, label: `From ${intake.starts_on}` })),
                ]}
              />
              <TextField
                label="Seats"
                type="number"
                min={1}
                required
                registration={register(`lines.${index}.seats`)}
                error={numberError(lineErrors?.seats)}
              />
              <TextField
                label="Unit price"
                type="number"
                step="0.01"
                required
                hint="At most the catalogue price."
                registration={register(`lines.${index}.unitPrice`)}
                error={numberError(lineErrors?.unitPrice)}
              />
              <TextField
                label="Discount on the line"
                type="number"
                step="0.01"
                min={0}
                registration={register(`lines.${index}.discount`)}
                error={numberError(lineErrors?.discount)}
              />
              {lines.fields.length > 1 && (
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() => lines.remove(index)}
                >
                  Remove program {index + 1}
                </button>
              )}
            </div>
          );
        })}
        {errors.lines?.root?.message && <p className="field__error">{errors.lines.root.message}</p>}
        <button
          type="button"
          className="button button--secondary"
          disabled={lines.fields.length >= 20}
          onClick={() => lines.append({ ...emptyLine })}
        >
          Add a program
        </button>
      </fieldset>
      <TextAreaField label="Terms (optional)" registration={register('terms')} error={errors.terms} rows={4} />
      <button type="submit" className="button" disabled={busy}>
        {pendingIntent === 'create' ? 'Sending…' : 'Create and send'}
      </button>
    </form>
  );
}

function RowActions({ quote }: { quote: QuoteRow }) {
  const { post, busy } = usePostToRoute();
  if (!['draft', 'sent', 'viewed'].includes(quote.state)) return null;
  return (
    <div className="quote-actions">
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        onClick={() => void post({ intent: 'send', id: quote.id, reference: quote.reference } satisfies QuoteIntent)}
      >
        Send again<span className="visually-hidden">: {quote.reference}</span>
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        onClick={() =>
          void post({ intent: 'withdraw', id: quote.id, reference: quote.reference } satisfies QuoteIntent)
        }
      >
        Withdraw<span className="visually-hidden">: {quote.reference}</span>
      </button>
    </div>
  );
}

export function QuotesScreen({ quotes, choices }: { quotes: QuoteRow[]; choices: QuoteChoices }) {
  return (
    <>
      <h1>Quotes</h1>
      <NewQuoteForm choices={choices} />
      <div className="table-scroll">
        <table className="quote-list">
          <caption>Quotes and their state</caption>
          <thead>
            <tr>
              <th scope="col">Quote</th>
              <th scope="col">Organisation</th>
              <th scope="col">Seats</th>
              <th scope="col">Total</th>
              <th scope="col">Valid until</th>
              <th scope="col">State</th>
              <th scope="col">Order</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {quotes.length === 0 ? (
              <tr>
                <td colSpan={8}>No quotes yet.</td>
              </tr>
            ) : (
              quotes.map((quote) => (
                <tr key={quote.id}>
                  <th scope="row">{quote.reference}</th>
                  <td>
                    {quote.organisation}
                    <div className="field__hint">{quote.contact_email}</div>
                  </td>
                  <td>{quote.seats}</td>
                  <td>{formatMoney(quote.total, quote.currency, { cents: true })}</td>
                  <td>{quote.valid_until}</td>
                  <td>{STATE_WORDS[quote.state] ?? quote.state}</td>
                  <td>
                    {quote.order_id ? <Link to={`/admin/orders/${quote.order_id}`}>{quote.order_reference}</Link> : '—'}
                    {quote.po_number && <div className="field__hint">PO {quote.po_number}</div>}
                  </td>
                  <td>
                    <RowActions quote={quote} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
