import { describe, expect, it } from 'vitest';
import type { OrderLine } from './order-document.ts';
import { lineEarlyBirdText, linePriceNote } from './voucher-discount.ts';

const line = {
  unit_price: 1000,
  regular_unit_price: null,
  early_bird_until: null,
  currency: 'USD',
  discount_amount: 0,
  discounted_seats: 0,
} as unknown as OrderLine;
const earlyBird = { ...line, regular_unit_price: 1250, early_bird_until: '2027-02-01T20:59:00Z' } as OrderLine;

describe('the price notes of an order line', () => {
  it('name the regular price beside an early-bird one, and the voucher discount after it', () => {
    expect(lineEarlyBirdText(earlyBird)?.replace(/\s/g, ' ')).toBe('early-bird price (regular USD 1,250)');
    expect(linePriceNote(earlyBird, null)?.replace(/\s/g, ' ')).toBe('Early-bird price (regular USD 1,250)');
    const both = { ...earlyBird, discount_amount: 200, discounted_seats: 1 } as OrderLine;
    expect(linePriceNote(both, 'SPRING20')?.replace(/\s/g, ' ')).toBe(
      'Early-bird price (regular USD 1,250); USD 200.00 off with code SPRING20 (1 seat)',
    );
  });

  it('are nothing for a line charged its regular price in full', () => {
    expect(linePriceNote(line, 'SPRING20')).toBeNull();
    expect(lineEarlyBirdText(line)).toBeNull();
  });
});
