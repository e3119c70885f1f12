import { describe, expect, it } from 'vitest';
import { priceThatApplies, untilText } from './early-bird';

const program = { price_amount: 1250, early_bird_price: 1000, early_bird_until: '2027-02-01T20:59:00Z' };

describe('priceThatApplies', () => {
  it('gives the regular price when there is no early-bird', () => {
    expect(priceThatApplies({ price_amount: 1250 })).toEqual({ amount: 1250, until: null });
  });

  it('gives the program’s early-bird with its deadline in Nairobi time', () => {
    expect(priceThatApplies(program)).toEqual({ amount: 1000, until: 'until 1 Feb 2027, 23:59 EAT' });
  });

  it('lets an intake’s early-bird override its program’s', () => {
    expect(priceThatApplies(program, { early_bird_price: 900, early_bird_until: '2027-01-15T06:00:00Z' })).toEqual({
      amount: 900,
      until: 'until 15 Jan 2027, 09:00 EAT',
    });
    expect(priceThatApplies(program, { early_bird_price: null, early_bird_until: null })).toEqual({
      amount: 1000,
      until: 'until 1 Feb 2027, 23:59 EAT',
    });
  });

  it('ignores an early-bird that is not lower than the regular price', () => {
    expect(priceThatApplies({ ...program, early_bird_price: 1250 })).toEqual({ amount: 1250, until: null });
  });
});

describe('untilText', () => {
  it('words the deadline in Nairobi time', () => {
    expect(untilText('2026-12-31T21:00:00Z')).toBe('until 1 Jan 2027, 00:00 EAT');
  });
});
