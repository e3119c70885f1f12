import { describe, expect, it } from 'vitest';
import { prefillValues } from './account-prefill';

const customer = { email: 'wanjiru@example.co.ke', fullName: 'Wanjiru Kamau', phone: '0712 345 678', organisation: '' };

describe('the checkout prefill of a signed-in customer', () => {
  it('fills the empty fields with the account address and profile', () => {
    expect(prefillValues(customer, {})).toEqual([
      ['buyer_email', 'wanjiru@example.co.ke'],
      ['buyer_name', 'Wanjiru Kamau'],
      ['buyer_phone', '0712 345 678'],
    ]);
  });

  it('never replaces what is already there', () => {
    expect(prefillValues(customer, { buyer_name: 'Achieng', buyer_email: 'a@example.com' })).toEqual([
      ['buyer_phone', '0712 345 678'],
    ]);
  });
});
