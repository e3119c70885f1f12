/**
 * Money, for the site and the edge functions alike: USD and KES with their ISO codes, in Kenyan
 * English, and the one exchange rate (129.16 KES per USD, the specification's constant) the cart
 * and orders use. The database's orders.kes_per_usd defaults to the same rate
 * (supabase/tests/exchange-rate.test.ts proves they agree).
 */

/** The specification's rate: KES prices are divided by it for USD, USD prices multiplied for KES. */
export const KES_PER_USD = 129.16;

/** The currencies programs are priced in (training_programs.currency allows these two). */
export const CURRENCIES = ['USD', 'KES'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The one locale amounts are written in, on the site, in e-mails and on invoices. */
export const LOCALE = 'en-KE';

/**
 * "USD 1,250", "KES 65,000", "USD 480.50": the ISO code, a space and the amount; cents only when
 * there are some, unless `cents` asks for them always (totals, invoices, e-mails). The same text
 * on a page, in a plain-text e-mail and in a PDF's standard font (no no-break space).
 */
export function formatMoney(amount: number, currency: string, { cents = false } = {}): string {
  // Made per call, not per module: a module-level formatter is kept in every page's JavaScript.
  const digits = new Intl.NumberFormat(LOCALE, {
    minimumFractionDigits: cents || !Number.isInteger(amount) ? 2 : 0,
    maximumFractionDigits: 2,
  });
  return `${amount < 0 ? '-' : ''}${currency} ${digits.format(Math.abs(amount))}`;
}

/** USD or KES as a code of its own (not inside a longer word), any case. */
const currencyCode = /(?<![A-Za-z])(USD|KES)(?![A-Za-z])/i;

/** The currency a price text names ("USD 1,250", "1,250.50 kes"), or null when it names none. */
export function currencyIn(text: string): Currency | null {
  const code = currencyCode.exec(text)?.[1]?.toUpperCase();
  return code === 'KES' || code === 'USD' ? code : null;
}

/** A price text's amount, by the specification's rule: everything but digits and dots stripped (0 when none). */
export function amountIn(text: string): number {
  const amount = Number.parseFloat(text.replace(/[^\d.]/g, ''));
  return Number.isFinite(amount) ? amount : 0;
}

/** The same amount in the other currency at the rate, rounded to the cent. */
export function convert(amount: number, from: Currency): { amount: number; currency: Currency } {
  const converted = from === 'USD' ? amount * KES_PER_USD : amount / KES_PER_USD;
  return { amount: Math.round(converted * 100) / 100, currency: from === 'USD' ? 'KES' : 'USD' };
}

export function isCurrency(value: unknown): value is Currency {
  return value === 'USD' || value === 'KES';
}

export interface Totals {
  usd: number;
  kes: number;
}

/** Hundredths, exactly: 129.16 KES per USD is 12916 / 100. */
const RATE_HUNDREDTHS = Math.round(KES_PER_USD * 100);

/**
 * Both totals of some lines, to the cent: KES amounts are divided by the rate for USD and USD
 * amounts multiplied for KES. Each line is taken in whole cents and the sum rounded once, so the
 * totals match an order's (the database rounds the same way).
 */
export function totalsOf(lines: Iterable<{ amount: number; currency: Currency; quantity: number }>): Totals {
  let usdCents = 0;
  let kesCents = 0;
  for (const { amount, currency, quantity } of lines) {
    const cents = Math.round(amount * 100) * quantity;
    if (currency === 'KES') kesCents += cents;
    else usdCents += cents;
  }
  // usd = usdCents + kesCents / rate and kes = kesCents + usdCents * rate, in cents, rounded once.
  const usd = Math.round((usdCents * RATE_HUNDREDTHS + kesCents * 100) / RATE_HUNDREDTHS) / 100;
  const kes = Math.round((kesCents * 100 + usdCents * RATE_HUNDREDTHS) / 100) / 100;
  return { usd, kes };
}
