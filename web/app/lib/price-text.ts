/**
 * A cart item's price text ("USD 1,250", "KES 65,000", "1,250.50 USD") as an amount and a
 * currency, by the specification's rule: the amount is the text with everything but digits and
 * dots stripped; a missing or unrecognised currency is taken as USD, with a console warning.
 */
import type { Currency } from './money';

export interface ParsedPrice {
  amount: number;
  currency: Currency;
}

/** USD or KES as a code of its own (not inside a longer word), any case. */
const currencyCode = /(?<![A-Za-z])(USD|KES)(?![A-Za-z])/i;

/** Price texts already warned about: a cart re-renders often, one warning per text is enough. */
const warned = new Set<string>();

export function parsePrice(text: string): ParsedPrice {
  const code = currencyCode.exec(text)?.[1]?.toUpperCase();
  const currency: Currency = code === 'KES' ? 'KES' : 'USD';
  if (!code && !warned.has(text)) {
    warned.add(text);
    console.warn(`Price "${text}" has no recognised currency (USD or KES); taking it as USD.`);
  }
  const amount = Number.parseFloat(text.replace(/[^\d.]/g, ''));
  return { amount: Number.isFinite(amount) ? amount : 0, currency };
}
