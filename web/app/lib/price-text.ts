/**
 * A cart item's price text ("USD 1,250", "KES 65,000", "1,250.50 USD") as an amount and a
 * currency, by the specification's rule: the amount is the text with everything but digits and
 * dots stripped; a missing or unrecognised currency is taken as USD, with a console warning.
 */
import { amountIn, currencyIn, type Currency } from '../../../domain/money.ts';

export interface ParsedPrice {
  amount: number;
  currency: Currency;
}

/** Price texts already warned about: a cart re-renders often, one warning per text is enough. */
const warned = new Set<string>();

export function parsePrice(text: string): ParsedPrice {
  const code = currencyIn(text);
  if (!code && !warned.has(text)) {
    warned.add(text);
    console.warn(`Price "${text}" has no recognised currency (USD or KES); taking it as USD.`);
  }
  return { amount: amountIn(text), currency: code ?? 'USD' };
}
