/**
 * The event registration form: name, e-mail, phone, organisation and, for paid events, the number
 * of seats. react-hook-form with the zod schema shows each message beside its field; a refusal
 * from the server lands beside the field it names, others above the button. On success the form
 * gives way to what happened: registered, or on the waitlist.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { showRefusal } from '../../components/ui/show-refusal';
import { registerForEvent } from './register-for-event';
import { registrationSchema, type RegistrationValues } from './registration-schema';

interface Props {
  slug: string;
  title: string;
  paid: boolean;
  full: boolean;
  /** After a registration or a place on the waitlist: the page re-reads the seats left. */
  onRegistered?: () => void;
}

/** The fields a refusal may name (register_for_event's arguments of the same names). */
const fields = ['name', 'email', 'phone', 'organisation', 'seats'] as const;

export function RegistrationForm({ slug, title, paid, full, onRegistered }: Props) {
  const form = useForm<RegistrationValues>({
    resolver: zodResolver(registrationSchema),
    defaultValues: { name: '', email: '', phone: '', organisation: '', seats: '1' },
    shouldFocusError: true,
  });
  const { register, handleSubmit, formState, setError } = form;
  const [outcome, setOutcome] = useState<{ status: 'confirmed' | 'waitlisted'; email: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const errors = formState.errors;

  const submit = async (values: RegistrationValues) => {
    setProblem(null);
    const result = await registerForEvent(slug, values);
    if (result.ok) {
      setOutcome({ status: result.status, email: values.email });
      requestAnimationFrame(() => outcomeRef.current?.focus());
      onRegistered?.();
      return;
    }
    showRefusal(result, fields, setError, (refusal) => setProblem(refusal.message));
  };

  if (outcome)
    return (
      <div ref={outcomeRef} tabIndex={-1} className="registration-outcome" role="status">
        {outcome.status === 'confirmed' ? (
          <>
            <h2>You are registered</h2>
            <p>
              We have e-mailed the details of {title} to {outcome.email}, with a calendar invitation and a link to
              cancel if you cannot come.
            </p>
          </>
        ) : (
          <>
            <h2>You are on the waitlist</h2>
            <p>
              {title} is full. If a seat frees up you move up automatically, and we e-mail {outcome.email} at once.
            </p>
          </>
        )}
      </div>
    );

  return (
    <form
      className="registration-form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      aria-busy={formState.isSubmitting}
    >
      {full ? (
        <p className="registration-form__notice">
          This event is full. Register below to join the waitlist: if a seat frees up, you move up automatically and we
          e-mail you.
        </p>
      ) : null}
      <FormField label="Full name" error={errors.name?.message}>
        {(control) => <input className="field__input" autoComplete="name" {...control} {...register('name')} />}
      </FormField>
      <FormField label="E-mail address" error={errors.email?.message}>
        {(control) => (
          <input className="field__input" type="email" autoComplete="email" {...control} {...register('email')} />
        )}
      </FormField>
      <FormField label="Phone" hint="e.g. 0712 345 678 or +254 712 345 678" error={errors.phone?.message}>
        {(control) => (
          <input className="field__input" type="tel" autoComplete="tel" {...control} {...register('phone')} />
        )}
      </FormField>
      <FormField label="Organisation" optional error={errors.organisation?.message}>
        {(control) => (
          <input className="field__input" autoComplete="organization" {...control} {...register('organisation')} />
        )}
      </FormField>
      {paid ? (
        <FormField label="Seats" error={errors.seats?.message}>
          {(control) => (
            <select className="field__input" {...control} {...register('seats')}>
              {Array.from({ length: 10 }, (_, i) => String(i + 1)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button" aria-disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : full ? 'Join the waitlist' : 'Register'}
      </button>
    </form>
  );
}
