/**
 * /checkout, second step (loaded when the visitor continues): the buyer, an intake and one
 * participant per seat for each program (the buyer prefilled as the first), the payment method
 * with its instructions, consent to the terms. react-hook-form with the zod schema shows each
 * message beside its field and moves focus to the first error. Placing the order re-reads the
 * prices first (a change is shown, not charged), then calls create_order with one idempotency
 * key per attempt, so a double submit or a retry after a dropped connection makes one order.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  get,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { showRefusal } from '../../components/ui/show-refusal';
import { TERMS_PATH } from '../../config/routes-table';
import { seatsLeftLabel } from '../../lib/intake-dates';
import { formatMoney, KES_PER_USD } from '../../lib/money';
import { useAccountPrefill } from './account-prefill';
import { BuyerTaxFields } from './buyer-tax-fields';
import { checkoutSchema, type CheckoutInput, type CheckoutValues } from './checkout-schema';
import { IntakeSeatsHint } from './intake-seats-hint';
import { totalsWithIntakes } from './intake-totals';
import { PaymentInstructions, type BankAccount } from './payment-instructions';
import { MPESA_PHONE_MESSAGE, normaliseMpesaPhone } from '../../lib/mpesa-phone';
import { rememberMpesaPush } from '../../lib/mpesa-push-intent';
import { CHECKOUT_CHOICES, checkoutChoiceLabels, isCheckoutChoice, orderPaymentMethod } from './payment-methods';
import { orderArguments, placeOrder } from './place-order';
import { fetchQuote, type Quote } from './quote';
import { priceChanges, withdrawn, type ReviewLine } from './review-lines';

type AvailableLine = Extract<ReviewLine, { available: true }>;

interface Props {
  headingRef: RefObject<HTMLHeadingElement | null>;
  lines: readonly AvailableLine[];
  /** Titles of the cart's programs no longer on sale: the order waits until they are removed. */
  unavailable: readonly string[];
  quote: Quote;
  paybill: string | null;
  bankAccounts: readonly BankAccount[];
  onQuoteChanged: (quote: Quote) => void;
  onOrderPlaced: (token: string) => void;
}

/** The first intake with room for all the line's seats, else "next available". */
function defaultIntake(line: AvailableLine): string {
  return line.program.intakes.find((intake) => intake.seatsLeft >= line.quantity)?.id ?? '';
}

/** Empty fields; no payment method chosen and the terms not accepted until the customer does so. */
function defaults(lines: readonly AvailableLine[]): DefaultValues<CheckoutInput> {
  return {
    buyer_name: '',
    buyer_email: '',
    buyer_phone: '',
    for_organisation: false,
    po_number: '',
    programs: Object.fromEntries(
      lines.map((line) => [
        line.programId,
        {
          intake_id: defaultIntake(line),
          participants: Array.from({ length: line.quantity }, () => ({ name: '', email: '' })),
        },
      ]),
    ),
  };
}

function errorText(errors: FieldErrors<CheckoutInput>, name: string): string | undefined {
  const error: unknown = get(errors, name);
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message;
  return undefined;
}

interface FieldProps {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  hint?: string;
  type?: string;
  autoComplete?: string;
  optional?: boolean;
  /** A fuller name than the visible label, where several fields share one ("Name of participant 2, …"). */
  name?: string;
}

/** A text input in the one labelled field (components/ui/form-field.tsx). */
function Field({ label, registration, error, hint, type = 'text', autoComplete, optional, name }: FieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} optional={optional}>
      {(control) => (
        <input
          className="field__input"
          type={type}
          autoComplete={autoComplete}
          aria-label={name}
          {...control}
          {...registration}
        />
      )}
    </FormField>
  );
}

/**
 * The form field a refusal names: create_order reports paths into what it was sent ('buyer_phone',
 * 'items.1.intake_id', 'items.0.participants.2.name'); lines are sent in order, so an item's index
 * is a line's. Null for what no field holds (a whole line, the order, the attempt).
 */
function formField(field: string, lines: readonly AvailableLine[]): FieldPath<CheckoutInput> | null {
  if (
    /^(buyer_name|buyer_email|buyer_phone|organisation|buyer_kra_pin|buyer_address|po_number|voucher_code|payment_method|accepted_terms)$/.test(
      field,
    )
  )
    return field as FieldPath<CheckoutInput>;
  const item = /^items\.(\d+)\.(intake_id|participants\.\d+\.(?:name|email))$/.exec(field);
  const line = item ? lines[Number(item[1])] : undefined;
  return line && item ? (`programs.${line.programId}.${item[2]}` as FieldPath<CheckoutInput>) : null;
}

/** Same key for the same attempt (a double submit, a retry): one order; a changed form gets a new one. */
function useAttemptKey() {
  const attempt = useRef<{ key: string; payload: string } | null>(null);
  return (payload: unknown) => {
    const text = JSON.stringify(payload);
    if (attempt.current?.payload !== text) attempt.current = { key: crypto.randomUUID(), payload: text };
    return attempt.current.key;
  };
}

export default function CheckoutForm(props: Props) {
  const { headingRef, lines, unavailable, quote, paybill, bankAccounts, onQuoteChanged, onOrderPlaced } = props;
  const ids = useId();
  const form = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: defaults(lines),
    shouldFocusError: true,
    // A program that leaves the order takes its fields' values with it (they are not validated).
    shouldUnregister: true,
  });
  const { register, handleSubmit, formState, setError, setValue, getFieldState, control } = form;
  // A signed-in customer's details fill the empty fields (issue 28).
  useAccountPrefill(form);
  const { errors, isSubmitting } = formState;
  // Each message is a new object, so the same message shown again takes focus again.
  const [formError, setFormError] = useState<{ message: string } | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  const keyFor = useAttemptKey();
  const [buyerName, buyerEmail, method, programChoices, voucherCode] = useWatch({
    control,
    name: ['buyer_name', 'buyer_email', 'payment_method', 'programs', 'voucher_code'],
  });
  // What the order will charge: a chosen intake's own early-bird included (vouchers come off on the confirmation).
  const totals = totalsWithIntakes(lines, (programId) => programChoices?.[programId]?.intake_id);

  useEffect(() => headingRef.current?.focus(), [headingRef]);

  // The buyer is the first participant of each program until someone else's name is typed there.
  useEffect(() => {
    lines.forEach(({ programId }) => {
      const name = `programs.${programId}.participants.0.name` as const;
      const email = `programs.${programId}.participants.0.email` as const;
      if (!getFieldState(name).isDirty) setValue(name, buyerName ?? '');
      if (!getFieldState(email).isDirty) setValue(email, buyerEmail ?? '');
    });
  }, [buyerName, buyerEmail, lines, getFieldState, setValue]);

  function showFormError(message: string) {
    setFormError({ message });
  }

  // Focus goes to the message once it is on the page.
  useEffect(() => {
    if (formError) alert.current?.focus();
  }, [formError]);

  async function placeWith(values: CheckoutValues) {
    setFormError(null);
    if (unavailable.length > 0) {
      showFormError(`No longer available: ${unavailable.join(', ')}. Remove it from your order above to go on.`);
      return;
    }
    const programIds = lines.map((line) => line.programId);
    let now: Quote;
    try {
      now = await fetchQuote(programIds);
    } catch {
      showFormError('We couldn’t check today’s prices just now. Please try again in a moment.');
      return;
    }
    const changed = priceChanges(quote, now);
    const gone = withdrawn(quote, now);
    if (changed.length > 0 || gone.length > 0) {
      onQuoteChanged(now);
      showFormError(
        [
          changed.length ? `Prices changed since this page opened: ${changed.join('; ')}.` : '',
          gone.length ? `No longer available: ${gone.join(', ')}.` : '',
          'Please check your order and place it again.',
        ]
          .filter(Boolean)
          .join(' '),
      );
      return;
    }
    const mpesaPhone = values.payment_method === 'mpesa_express' ? normaliseMpesaPhone(values.mpesa_phone ?? '') : null;
    if (values.payment_method === 'mpesa_express' && !mpesaPhone) {
      setError('mpesa_phone', { type: 'format', message: MPESA_PHONE_MESSAGE }, { shouldFocus: true });
      return;
    }
    const payload = orderArguments(values, lines, '');
    const result = await placeOrder({ ...payload, idempotency_key: keyFor(payload) });
    if (result.ok) {
      // The confirmation page sends the payment request to this phone.
      if (mpesaPhone) rememberMpesaPush(result.token, mpesaPhone);
      onOrderPlaced(result.token);
      return;
    }
    if (result.kind !== 'refused') {
      showFormError(result.message);
      return;
    }
    showRefusal(
      result,
      (field) => formField(field, lines),
      setError,
      ({ field, message }) => {
        const line = /^items\.(\d+)/.exec(field ?? '');
        const title = line ? lines[Number(line[1])]?.title : undefined;
        showFormError(title ? `${title}: ${message}` : message);
      },
    );
  }

  const choice = isCheckoutChoice(method) ? method : null;
  const chosen = choice ? orderPaymentMethod(choice) : null;
  const paymentError = errorText(errors, 'payment_method');
  const termsError = errorText(errors, 'accepted_terms');

  return (
    <section className="checkout-details" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
        2. Your details
      </h2>
      <form
        noValidate
        className="checkout-form"
        onSubmit={(event) => {
          // One attempt at a time (a second one would carry the same key anyway).
          if (isSubmitting) event.preventDefault();
          else void handleSubmit(placeWith)(event);
        }}
      >
        <div ref={alert} tabIndex={-1} role="alert" className={formError ? 'notice notice--error' : undefined}>
          {formError?.message}
        </div>

        <fieldset className="checkout-fieldset">
          <legend>Contact details</legend>
          <Field
            label="Full name"
            autoComplete="name"
            registration={register('buyer_name')}
            error={errorText(errors, 'buyer_name')}
          />
          <Field
            label="E-mail"
            type="email"
            autoComplete="email"
            registration={register('buyer_email')}
            error={errorText(errors, 'buyer_email')}
          />
          <Field
            label="Phone"
            type="tel"
            autoComplete="tel"
            hint="Kenyan or international, e.g. 0712 345 678 or +44 20 7946 0958"
            registration={register('buyer_phone')}
            error={errorText(errors, 'buyer_phone')}
          />
          <Field
            label="Purchase-order number"
            optional
            hint="If your organisation raises one: we print it on the invoice."
            registration={register('po_number')}
            error={errorText(errors, 'po_number')}
          />
          <Field
            label="Have a code?"
            optional
            hint="A voucher or discount code: the discount shows on your confirmation and invoice. A code that holds seats lets you choose its intake even when it shows as full."
            autoComplete="off"
            registration={register('voucher_code')}
            error={errorText(errors, 'voucher_code')}
          />
        </fieldset>

        <BuyerTaxFields register={register} control={control} errors={errors} />

        {lines.map((line, index) => {
          const intakeError = errorText(errors, `programs.${line.programId}.intake_id`);
          const intakeId = `${ids}-intake-${index}`;
          return (
            <fieldset key={line.programId} className="checkout-fieldset">
              <legend>
                {line.title}: {line.quantity} {line.quantity === 1 ? 'seat' : 'seats'}
              </legend>
              <FormField label="Intake" error={intakeError}>
                {(field) => (
                  <>
                    <select
                      className="field__input"
                      {...field}
                      // The seats-left line below the select describes it too.
                      aria-describedby={[field['aria-describedby'], `${intakeId}-seats`].filter(Boolean).join(' ')}
                      {...register(`programs.${line.programId}.intake_id`)}
                    >
                      <option value="">Next available intake (we confirm the dates)</option>
                      {line.program.intakes.map((intake) => (
                        // Seats held for a code's holders are not in seatsLeft: with a code typed, the
                        // database decides (create_order counts the code's held seats).
                        <option
                          key={intake.id}
                          value={intake.id}
                          disabled={intake.seatsLeft < line.quantity && !voucherCode?.trim()}
                        >
                          {intake.dates}, {intake.place}:{' '}
                          {intake.seatsLeft <= 0
                            ? 'full'
                            : intake.seatsLeft < line.quantity
                              ? `only ${seatsLeftLabel(intake.seatsLeft)}`
                              : seatsLeftLabel(intake.seatsLeft)}
                        </option>
                      ))}
                    </select>
                    <IntakeSeatsHint
                      id={`${intakeId}-seats`}
                      control={control}
                      programId={line.programId}
                      intakes={line.program.intakes}
                    />
                  </>
                )}
              </FormField>
              <ol className="participants">
                {Array.from({ length: line.quantity }, (_, seat) => (
                  <li key={seat} className="participant">
                    <p className="participant__heading">
                      Participant {seat + 1}
                      {seat === 0 ? <span className="field__hint"> (you, unless you type someone else)</span> : null}
                    </p>
                    <Field
                      label={
                        <>
                          Name
                          <span className="visually-hidden">
                            {' '}
                            of participant {seat + 1}, {line.title}
                          </span>
                        </>
                      }
                      registration={register(`programs.${line.programId}.participants.${seat}.name`)}
                      error={errorText(errors, `programs.${line.programId}.participants.${seat}.name`)}
                    />
                    <Field
                      label={
                        <>
                          E-mail
                          <span className="visually-hidden">
                            {' '}
                            of participant {seat + 1}, {line.title}
                          </span>
                        </>
                      }
                      optional
                      type="email"
                      registration={register(`programs.${line.programId}.participants.${seat}.email`)}
                      error={errorText(errors, `programs.${line.programId}.participants.${seat}.email`)}
                    />
                  </li>
                ))}
              </ol>
            </fieldset>
          );
        })}

        <fieldset
          className="checkout-fieldset"
          aria-invalid={paymentError ? true : undefined}
          aria-describedby={paymentError ? `${ids}-payment-error` : undefined}
        >
          <legend>Payment</legend>
          {CHECKOUT_CHOICES.map((value) => (
            <label key={value} className="choice">
              <input type="radio" value={value} {...register('payment_method')} />
              <span>{checkoutChoiceLabels[value]}</span>
            </label>
          ))}
          {paymentError ? (
            <p id={`${ids}-payment-error`} className="field__error">
              {paymentError}
            </p>
          ) : null}
          {choice === 'mpesa_express' ? (
            <div className="payment-instructions" aria-live="polite">
              <p>
                When you place the order, we send a payment request for{' '}
                <strong>{formatMoney(Math.ceil(totals.kes), 'KES')}</strong> to this phone: approve it with your M-Pesa
                PIN.
              </p>
              <Field
                label="M-Pesa phone number"
                type="tel"
                autoComplete="tel"
                hint="e.g. 0712 345 678 or +254 712 345 678"
                registration={register('mpesa_phone')}
                error={errorText(errors, 'mpesa_phone')}
              />
            </div>
          ) : chosen ? (
            <div className="payment-instructions" aria-live="polite">
              <PaymentInstructions
                method={chosen}
                paybill={paybill}
                bankAccounts={bankAccounts}
                amountKes={formatMoney(totals.kes, 'KES', { cents: true })}
              />
            </div>
          ) : null}
        </fieldset>

        <div className="checkout-terms">
          <label className="choice">
            <input
              type="checkbox"
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? `${ids}-terms-error` : `${ids}-terms`}
              {...register('accepted_terms')}
            />
            <span>I accept the terms and conditions of booking.</span>
          </label>
          <p id={`${ids}-terms`} className="field__hint">
            Seats are confirmed once paid; fees are per participant; you may send someone else in a participant’s place
            at no charge. {/* A new tab: what the customer typed here stays. */}
            <a href={TERMS_PATH} target="_blank" rel="noopener">
              Read the terms and conditions of booking<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </p>
          {termsError ? (
            <p id={`${ids}-terms-error`} className="field__error">
              {termsError}
            </p>
          ) : null}
        </div>

        <div className="checkout-place">
          <p>
            To pay: <strong>{formatMoney(totals.usd, 'USD', { cents: true })}</strong> or{' '}
            <strong>{formatMoney(totals.kes, 'KES', { cents: true })}</strong> (at {KES_PER_USD} KES per USD).
          </p>
          <button type="submit" className="button" aria-disabled={isSubmitting}>
            {isSubmitting ? 'Placing your order…' : 'Place order'}
          </button>
        </div>
      </form>
    </section>
  );
}
