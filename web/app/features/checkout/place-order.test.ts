/** What create_order is sent: contact details, payment and one item per cart line, never a price. */
import { describe, expect, it } from 'vitest';
import type { CheckoutValues } from './checkout-schema.ts';
import { orderArguments } from './place-order.ts';

const values: CheckoutValues = {
  buyer_name: 'Wanjiru Kamau',
  buyer_email: 'wanjiru@example.com',
  buyer_phone: '0712 345 678',
  organisation: '',
  po_number: 'PO-17',
  payment_method: 'invoice',
  accepted_terms: true,
  programs: {
    a: {
      intake_id: 'intake-1',
      participants: [
        { name: 'Wanjiru Kamau', email: 'wanjiru@example.com' },
        { name: 'Otieno', email: '' },
      ],
    },
    b: {
      intake_id: '',
      participants: [
        { name: 'Akinyi', email: '' },
        { name: 'Left over', email: '' },
      ],
    },
  },
};

describe('orderArguments', () => {
  it('sends each line in cart order with its intake (or none: next available) and one participant per seat', () => {
    const args = orderArguments(
      values,
      [
        { programId: 'a', quantity: 2 },
        { programId: 'b', quantity: 1 },
      ],
      'key-1',
    );
    expect(args).toEqual({
      idempotency_key: 'key-1',
      buyer_name: 'Wanjiru Kamau',
      buyer_email: 'wanjiru@example.com',
      buyer_phone: '0712 345 678',
      organisation: undefined,
      po_number: 'PO-17',
      payment_method: 'invoice',
      accepted_terms: true,
      items: [
        {
          program_id: 'a',
          intake_id: 'intake-1',
          quantity: 2,
          participants: [
            { name: 'Wanjiru Kamau', email: 'wanjiru@example.com' },
            { name: 'Otieno', email: null },
          ],
        },
        // Seats went down since the form was filled in: only as many participants as seats.
        { program_id: 'b', intake_id: null, quantity: 1, participants: [{ name: 'Akinyi', email: null }] },
      ],
    });
    expect(JSON.stringify(args)).not.toMatch(/price|total|amount|currency/i);
  });

  it('sends the buyer’s KRA PIN as create_order stores it (spaces dropped, capitals) and the address', () => {
    const args = orderArguments(
      {
        ...values,
        for_organisation: true,
        organisation: 'Kilimo',
        buyer_kra_pin: ' p051 234567x',
        buyer_address: 'Nairobi',
      },
      [{ programId: 'a', quantity: 1 }],
      'key-2',
    );
    expect(args).toMatchObject({ organisation: 'Kilimo', buyer_kra_pin: 'P051234567X', buyer_address: 'Nairobi' });
    expect(orderArguments(values, [{ programId: 'a', quantity: 1 }], 'key-3').buyer_kra_pin).toBeUndefined();
  });
});
