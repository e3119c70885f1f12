/**
 * What the checkout form accepts, as zod (the tree-shakable `zod/mini`), with the messages shown
 * beside each field. The rules are create_order's own (contact details, phone formats, one
 * participant per seat), so the form refuses what the order function would, before sending.
 */
import * as z from 'zod/mini';
import { isKraPin, KRA_PIN_MESSAGE, normaliseKraPin } from '../../../../domain/kra-pin.ts';
import { normalisePhone } from '../../lib/phone';
import { CHECKOUT_CHOICES } from './payment-methods';

/** The e-mail rule of the order function (private.is_email). */
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;

export const checkoutMessages = {
  name: 'Please enter your full name.',
  email: 'Please enter a valid e-mail address.',
  phone: 'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678.',
  organisation: 'The organisation name must be at most 200 characters.',
  poNumber: 'The purchase-order number must be at most 50 characters.',
  organisationRequired: 'Please enter the organisation’s name: it goes on the tax invoice.',
  kraPin: KRA_PIN_MESSAGE,
  kraPinRequired: 'Please enter the organisation’s KRA PIN: it goes on the tax invoice.',
  address: 'The address must be at most 300 characters.',
  addressRequired: 'Please enter the organisation’s address: it goes on the tax invoice.',
  paymentMethod: 'Please choose how you will pay.',
  terms: 'Please accept the terms and conditions to place your order.',
  participantName: 'Please enter the participant’s name.',
  participantEmail: 'Please enter a valid e-mail address or leave it empty.',
  voucherCode: 'A code has at most 40 characters.',
} as const;

const text = (max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
const optionalText = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));

const participant = z.object({
  name: text(200, checkoutMessages.participantName),
  email: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || (value.length <= 254 && EMAIL.test(value)), checkoutMessages.participantEmail),
  ),
});

export const checkoutSchema = z
  .object({
    buyer_name: text(200, checkoutMessages.name),
    buyer_email: z
      .string()
      .check(z.trim(), z.maxLength(254, checkoutMessages.email), z.regex(EMAIL, checkoutMessages.email)),
    buyer_phone: z.string().check(z.refine((value) => normalisePhone(value) !== null, checkoutMessages.phone)),
    /** The tax invoice's buyer (issue 29): an organisation's name, PIN and address are asked together. */
    for_organisation: z.optional(z.boolean()),
    /** Only while buying for an organisation (the field exists only then). */
    organisation: z.optional(optionalText(200, checkoutMessages.organisation)),
    /** As typed; create_order and orderArguments normalise it (normaliseKraPin). */
    buyer_kra_pin: z.optional(
      z.string().check(z.refine((value) => value.trim() === '' || isKraPin(normaliseKraPin(value)), KRA_PIN_MESSAGE)),
    ),
    buyer_address: z.optional(optionalText(300, checkoutMessages.address)),
    po_number: optionalText(50, checkoutMessages.poNumber),
    /** A voucher (issue 30): create_order checks it and applies the discount, never the browser. */
    voucher_code: z.optional(optionalText(40, checkoutMessages.voucherCode)),
    payment_method: z.enum(CHECKOUT_CHOICES, { error: checkoutMessages.paymentMethod }),
    /** Only with M-Pesa Express (checked when placing: the field exists only then). */
    mpesa_phone: z.optional(z.string()),
    accepted_terms: z.literal(true, { error: checkoutMessages.terms }),
    /** Per program id (values stay with their program when another leaves the order). */
    programs: z.record(
      z.string(),
      z.object({
        /** An intake's id, or '' for the next available intake. */
        intake_id: z.string(),
        participants: z.array(participant),
      }),
    ),
  })
  .check(
    // Buying for an organisation: its name, PIN and address are what the tax invoice needs.
    z.superRefine((values, context) => {
      if (!values.for_organisation) return;
      const required = [
        ['organisation', checkoutMessages.organisationRequired],
        ['buyer_kra_pin', checkoutMessages.kraPinRequired],
        ['buyer_address', checkoutMessages.addressRequired],
      ] as const;
      for (const [field, message] of required)
        if (!values[field]?.trim())
          context.issues.push({ code: 'custom', path: [field], message, input: values[field] });
    }),
  );

/** What the fields hold while the visitor fills them in. */
export type CheckoutInput = z.input<typeof checkoutSchema>;
/** The checked values (trimmed), as the form submits them. */
export type CheckoutValues = z.output<typeof checkoutSchema>;
