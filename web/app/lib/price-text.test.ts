/** The specification's price rule: digits and dots are the amount; no USD/KES code means USD, with a warning. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePrice } from './price-text.ts';

afterEach(() => vi.restoreAllMocks());

describe('parsePrice', () => {
  it('reads the amount and the currency code wherever it stands', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parsePrice('KES 52,000')).toEqual({ amount: 52000, currency: 'KES' });
    expect(parsePrice('1,250.50 USD')).toEqual({ amount: 1250.5, currency: 'USD' });
    expect(parsePrice('USD 1,250')).toEqual({ amount: 1250, currency: 'USD' });
    expect(parsePrice('kes 480.25')).toEqual({ amount: 480.25, currency: 'KES' });
    // What the site's formatter writes: a no-break space between code and amount.
    expect(parsePrice('KES\u00a065,000')).toEqual({ amount: 65000, currency: 'KES' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes text without a currency as USD and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parsePrice('abc')).toEqual({ amount: 0, currency: 'USD' });
    expect(parsePrice('')).toEqual({ amount: 0, currency: 'USD' });
    expect(parsePrice('1,500')).toEqual({ amount: 1500, currency: 'USD' });
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining('"abc"'),
      expect.stringContaining('""'),
      expect.stringContaining('"1,500"'),
    ]);
  });

  it('takes an unrecognised currency as USD and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parsePrice('EUR 300')).toEqual({ amount: 300, currency: 'USD' });
    expect(parsePrice('KSh 5,000')).toEqual({ amount: 5000, currency: 'USD' });
    // A code inside a longer word is not a currency code.
    expect(parsePrice('KESTREL 12')).toEqual({ amount: 12, currency: 'USD' });
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('warns once per price text, however often a cart re-renders', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (let i = 0; i < 5; i++) parsePrice('GBP 99');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('strips everything but digits and dots, as specified', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parsePrice('USD -1,2a3.4.5').amount).toBe(123.4);
    expect(parsePrice('USD ...').amount).toBe(0);
  });
});
