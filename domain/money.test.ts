/** Money as every side prints it: one locale, the code, a plain space (a PDF's standard font has no other). */
import { describe, expect, it } from 'vitest';
import { amountIn, currencyIn, formatMoney, KES_PER_USD, totalsOf } from './money.ts';

describe('formatMoney', () => {
  it('writes cents only when there are some, or always when asked (totals, invoices, e-mails)', () => {
    expect(formatMoney(1250, 'USD')).toBe('USD 1,250');
    expect(formatMoney(480.5, 'USD')).toBe('USD 480.50');
    expect(formatMoney(65000, 'KES', { cents: true })).toBe('KES 65,000.00');
    expect(formatMoney(1403.25, 'USD', { cents: true })).toBe('USD 1,403.25');
  });

  it('separates the code with a plain space and keeps a code it does not know', () => {
    expect(formatMoney(10, 'dollars')).toBe('dollars 10');
    expect(formatMoney(-5, 'KES', { cents: true })).toBe('-KES 5.00');
  });
});

describe('price texts and totals', () => {
  it('reads an amount and a currency the way the specification says', () => {
    expect(amountIn('USD 1,250.50')).toBe(1250.5);
    expect(currencyIn('1,250 kes')).toBe('KES');
    expect(currencyIn('1,250 dollars')).toBeNull();
  });

  it('totals both currencies at the rate', () => {
    expect(KES_PER_USD).toBe(129.16);
    expect(
      totalsOf([
        { amount: 900, currency: 'USD', quantity: 1 },
        { amount: 65000, currency: 'KES', quantity: 1 },
      ]),
    ).toEqual({
      usd: 1403.25,
      kes: 181244,
    });
  });
});
