/**
 * The VAT inside an order's two totals (prices include VAT), for the checkout and the order
 * confirmation alike: each line's VAT in its own currency by domain/vat.ts's rule (rounded per
 * line), then converted as the totals are (totalsOf). Null while a line's class is unknown: the
 * VAT is never guessed.
 */
import { splitDocument, type TaxClass, type VatLine } from '../../../../domain/vat.ts';
import { CURRENCIES, totalsOf, type Currency, type Totals } from '../../lib/money';

/** A line as splitDocument takes it (its `amount` after a voucher's discount), in its currency. */
export interface VatTotalsLine extends Omit<VatLine, 'taxClass'> {
  currency: Currency;
  taxClass: TaxClass | null;
}

export function vatTotals(lines: readonly VatTotalsLine[]): Totals | null {
  if (lines.some((line) => line.taxClass === null)) return null;
  // Every class is known from here: the lines are splitDocument's (it reads no other field).
  const known = lines as ReadonlyArray<VatLine & { currency: Currency }>;
  return totalsOf(
    CURRENCIES.map((currency) => {
      const split = splitDocument(known.filter((line) => line.currency === currency));
      return { amount: split.total.vatCents / 100, currency, quantity: 1 };
    }),
  );
}
