/**
 * Money as the site shows it: USD and KES with their ISO codes, in Kenyan English, and the one
 * exchange rate (129.16 KES per USD, the specification's constant) the cart and orders use.
 */

/** The specification's rate: KES prices are divided by it for USD, USD prices multiplied for KES. */
export const KES_PER_USD = 129.16;

/** The currencies programs are priced in (training_programs.currency allows these two). */
export const CURRENCIES = ['USD', 'KES'] as const;
export type Currency = (typeof CURRENCIES)[number];

const LOCALE = 'en-KE';

/**
 * "USD 1,250", "KES 65,000", "USD 480.50": cents only when there are some, unless `cents` asks
 * for them always (totals). A code Intl does not know still shows its amount.
 */
export function formatMoney(amount: number, currency: string, { cents = false } = {}): string {
  const fractionDigits = cents || !Number.isInteger(amount) ? 2 : 0;
  try {
    return new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${currency} ${new Intl.NumberFormat(LOCALE, { minimumFractionDigits: fractionDigits, maximumFractionDigits: 2 }).format(amount)}`;
  }
}

/** The same amount in the other currency at the rate, rounded to the cent. */
export function convert(amount: number, from: Currency): { amount: number; currency: Currency } {
  const converted = from === 'USD' ? amount * KES_PER_USD : amount / KES_PER_USD;
  return { amount: Math.round(converted * 100) / 100, currency: from === 'USD' ? 'KES' : 'USD' };
}

export function isCurrency(value: unknown): value is Currency {
  return value === 'USD' || value === 'KES';
}
