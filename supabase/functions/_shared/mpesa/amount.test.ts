/** The M-Pesa charge: whole shillings rounded up; USD orders at the order's recorded rate. */
import { describe, expect, it } from 'vitest';
import { accountReference, mpesaAmount } from './amount.ts';

describe('mpesaAmount', () => {
  it('charges a whole KES total as it is', () => {
    expect(mpesaAmount({ currency: 'KES', total_kes: 65000, total_usd: 503.25, kes_per_usd: 129.16 })).toBe(65000);
  });

  it('rounds cents up to the next shilling', () => {
    expect(mpesaAmount({ currency: 'KES', total_kes: 64999.01, total_usd: 0, kes_per_usd: 129.16 })).toBe(65000);
    expect(mpesaAmount({ currency: 'KES', total_kes: 0.2, total_usd: 0, kes_per_usd: 129.16 })).toBe(1);
  });

  it('charges a USD order its KES equivalent at the recorded rate, rounded up', () => {
    // 450 USD x 129.16 = 58,122.00; 450.01 x 129.16 = 58,123.2916 -> 58,124.
    expect(mpesaAmount({ currency: 'USD', total_kes: 58122, total_usd: 450, kes_per_usd: 129.16 })).toBe(58122);
    expect(mpesaAmount({ currency: 'USD', total_kes: 58123.29, total_usd: 450.01, kes_per_usd: 129.16 })).toBe(58124);
    // Another order's rate is its own.
    expect(mpesaAmount({ currency: 'USD', total_kes: 13000, total_usd: 100, kes_per_usd: 130 })).toBe(13000);
  });

  it('is not pushed a shilling up by floating-point noise', () => {
    expect(mpesaAmount({ currency: 'USD', total_kes: 0, total_usd: 0.1 + 0.2, kes_per_usd: 100 })).toBe(30);
  });
});

describe('accountReference', () => {
  it('fits Daraja’s 12 characters and keeps the order recognisable', () => {
    expect(accountReference('ASC-2026-000123')).toBe('2026-000123');
    expect(accountReference('ASC-2026-000123').length).toBeLessThanOrEqual(12);
  });
});
