/**
 * The /contact enquiry form: name, e-mail, phone, organisation, topic, message (5,000 characters
 * at most, counted as the visitor types), consent, and a honeypot field hidden from people.
 * react-hook-form with the zod schema shows each message beside its field; a refusal from the
 * server lands beside the field it names, others above the button. Its styles (enquiry-form.css)
 * come with the page from blocks/registry.ts: the server's form shows before this code loads.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { showRefusal } from '../../components/ui/show-refusal';
import { enquirySchema, MAX_MESSAGE_LENGTH, TOPICS, type EnquiryValues } from './enquiry-schema';
import { submitEnquiry } from './submit-enquiry';

/** In the order they appear: the first with an error takes the focus. */
const fieldOrder = ['name', 'email', 'phone', 'organisation', 'topic', 'message', 'website', 'consent'] as const;

/** `initial`: what the visitor typed into the server's form before this code loaded (blocks/enquiry-form-loader.tsx). */
export function EnquiryForm({ initial }: { initial?: Partial<EnquiryValues> } = {}) {
  const form = useForm<EnquiryValues>({
    resolver: zodResolver(enquirySchema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      organisation: '',
      topic: '',
      message: '',
      consent: false,
      website: '',
      ...initial,
    },
    // react-hook-form would focus the checkbox before the text fields; focusInvalid keeps page order.
    shouldFocusError: false,
  });
  const { register, handleSubmit, formState, setError, setFocus, control } = form;
  const message = useWatch({ control, name: 'message' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const errors = formState.errors;

  const submit = async (values: EnquiryValues) => {
    setProblem(null);
    const result = await submitEnquiry(values);
    if (result.ok) {
      setSentTo(values.email);
      requestAnimationFrame(() => outcomeRef.current?.focus());
      return;
    }
    showRefusal(result, fieldOrder, setError, (refusal) => setProblem(refusal.message));
  };

  const focusInvalid = (invalid: FieldErrors<EnquiryValues>) => {
    const first = fieldOrder.find((name) => invalid[name]);
    if (first) setFocus(first);
  };

  if (sentTo)
    return (
      <div ref={outcomeRef} tabIndex={-1} className="enquiry-outcome" role="status">
        <h3>Thank you, your message is on its way</h3>
        <p>We have sent a copy to {sentTo}. The right team will reply within two working days.</p>
      </div>
    );

  return (
    <form
      className="enquiry-form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit, focusInvalid)(event)}
      aria-busy={formState.isSubmitting}
    >
      <FormField label="Name" error={errors.name?.message}>
        {(c) => <input className="field__input" autoComplete="name" {...c} {...register('name')} />}
      </FormField>
      <FormField label="E-mail address" error={errors.email?.message}>
        {(c) => <input className="field__input" type="email" autoComplete="email" {...c} {...register('email')} />}
      </FormField>
      <FormField label="Phone" optional error={errors.phone?.message}>
        {(c) => <input className="field__input" type="tel" autoComplete="tel" {...c} {...register('phone')} />}
      </FormField>
      <FormField label="Organisation" optional error={errors.organisation?.message}>
        {(c) => <input className="field__input" autoComplete="organization" {...c} {...register('organisation')} />}
      </FormField>
      <FormField label="Topic" error={errors.topic?.message}>
        {(c) => (
          <select className="field__input" {...c} {...register('topic')}>
            <option value="">Choose a topic</option>
            {TOPICS.map((topic) => (
              <option key={topic.value} value={topic.value}>
                {topic.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Message"
        hint={`${message.length.toLocaleString('en')} of ${MAX_MESSAGE_LENGTH.toLocaleString('en')} characters`}
        error={errors.message?.message}
      >
        {(c) => <textarea className="field__input enquiry-form__message" rows={7} {...c} {...register('message')} />}
      </FormField>
      {/* The honeypot: off-screen and out of the tab order; people never fill it in, robots do. */}
      <div className="enquiry-form__trap" aria-hidden="true">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </div>
      {errors.website?.message ? (
        <p className="field__error" role="alert">
          {errors.website.message}
        </p>
      ) : null}
      <div className="field">
        <label className="enquiry-form__consent">
          <input
            type="checkbox"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'enquiry-consent-error' : undefined}
            {...register('consent')}
          />
          I agree that Ascent may use these details to answer my enquiry.
        </label>
        {errors.consent?.message ? (
          <p id="enquiry-consent-error" className="field__error">
            {errors.consent.message}
          </p>
        ) : null}
      </div>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button" aria-disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
