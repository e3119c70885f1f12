/** The checkout form's rules and messages: the contact details, phone formats and participants create_order takes. */
import { describe, expect, it } from 'vitest';
import { checkoutMessages, checkoutSchema } from './checkout-schema.ts';

const valid = {
  buyer_name: '  Wanjiru Kamau ',
  buyer_email: 'wanjiru@example.co.ke',
  buyer_phone: '0712 345 678',
  organisation: '',
  po_number: '',
  payment_method: 'mpesa',
  accepted_terms: true,
  programs: { p1: { intake_id: '', participants: [{ name: 'Wanjiru Kamau', email: '' }] } },
};

/** The message of each failing field, by its path as react-hook-form names it. */
function messages(input: unknown): Record<string, string> {
  const result = checkoutSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('checkoutSchema', () => {
  it('accepts a complete order and trims what was typed', () => {
    const result = checkoutSchema.parse(valid);
    expect(result.buyer_name).toBe('Wanjiru Kamau');
    expect(result.programs.p1!.participants[0]!.email).toBe('');
  });

  it('refuses empty contact details, no payment method and unaccepted terms, each with its message', () => {
    expect(
      messages({
        ...valid,
        buyer_name: '  ',
        buyer_email: 'x@',
        buyer_phone: '12',
        payment_method: undefined,
        accepted_terms: false,
      }),
    ).toEqual({
      buyer_name: checkoutMessages.name,
      buyer_email: checkoutMessages.email,
      buyer_phone: checkoutMessages.phone,
      payment_method: checkoutMessages.paymentMethod,
      accepted_terms: checkoutMessages.terms,
    });
  });

  it('takes Kenyan and international phone formats', () => {
    for (const phone of ['0712345678', '+254 712 345 678', '254112345678', '+44 20 7946 0958', '0044 20 7946 0958'])
      expect(messages({ ...valid, buyer_phone: phone }), phone).toEqual({});
    for (const phone of ['0812 345 678', '+254 8', 'phone'])
      expect(messages({ ...valid, buyer_phone: phone }), phone).toEqual({ buyer_phone: checkoutMessages.phone });
  });

  it('limits the optional organisation and purchase-order number', () => {
    expect(messages({ ...valid, organisation: 'o'.repeat(201), po_number: 'p'.repeat(51) })).toEqual({
      organisation: checkoutMessages.organisation,
      po_number: checkoutMessages.poNumber,
    });
  });

  it('needs every participant’s name; their e-mail is optional but must be valid when given', () => {
    const programs = {
      p1: {
        intake_id: 'i1',
        participants: [
          { name: '', email: '' },
          { name: 'Otieno', email: 'not-an-email' },
          { name: 'Akinyi', email: 'akinyi@example.com' },
        ],
      },
    };
    expect(messages({ ...valid, programs })).toEqual({
      'programs.p1.participants.0.name': checkoutMessages.participantName,
      'programs.p1.participants.1.email': checkoutMessages.participantEmail,
    });
  });
});

describe('checkoutSchema: the tax invoice’s buyer', () => {
  it('asks an organisation for its name, KRA PIN and address', () => {
    expect(
      messages({ ...valid, for_organisation: true, organisation: ' ', buyer_kra_pin: '', buyer_address: '' }),
    ).toEqual({
      organisation: checkoutMessages.organisationRequired,
      buyer_kra_pin: checkoutMessages.kraPinRequired,
      buyer_address: checkoutMessages.addressRequired,
    });
    expect(
      messages({
        ...valid,
        for_organisation: true,
        organisation: 'Kilimo Co-operative',
        buyer_kra_pin: 'p051 234567x',
        buyer_address: 'P.O. Box 4410, Nairobi',
      }),
    ).toEqual({});
  });

  it('refuses a KRA PIN that is not a letter, nine digits and a letter, and lets an individual leave it out', () => {
    expect(messages({ ...valid, buyer_kra_pin: 'P05123456X' })).toEqual({ buyer_kra_pin: checkoutMessages.kraPin });
    expect(
      messages({
        ...valid,
        for_organisation: true,
        organisation: 'Kilimo',
        buyer_kra_pin: '12345',
        buyer_address: 'Nairobi',
      }),
    ).toEqual({
      buyer_kra_pin: checkoutMessages.kraPin,
    });
    expect(messages({ ...valid, buyer_kra_pin: 'A123456789B' })).toEqual({});
    expect(messages({ ...valid, buyer_kra_pin: '' })).toEqual({});
    expect(messages(valid)).toEqual({});
  });
});
