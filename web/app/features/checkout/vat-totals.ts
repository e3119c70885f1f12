/**
 * The VAT inside an order's two totals (prices include VAT), for the checkout and the order
 * confirmation alike: each line's VAT in its own currency by domain/vat.ts's rule (rounded per
 * line), then converted as the totals are (totalsOf). Null while a line's class is unknown: the
 * VAT is never guessed.
 */
import { splitDocument, type TaxClass } from '../../../../domain/vat.ts';
import { CURRENCIES, totalsOf, type Currency, type Totals } from '../../lib/money';

export interface VatTotalsLine {
  unitPrice: number;
  currency: Currency;
  quantity: number;
  taxClass: TaxClass | null;
  /** What the line costs after its discount (absent: unit price × quantity). */
  amount?: number;
}

export function vatTotals(lines: readonly VatTotalsLine[]): Totals | null {
  if (lines.some((line) => line.taxClass === null)) return null;
  return totalsOf(
    CURRENCIES.map((currency) => {
      const split = splitDocument(
        lines
          .filter((line) => line.currency === currency)
          .map((line) => ({
            unitPrice: line.unitPrice,
            quantity: line.quantity,
            taxClass: line.taxClass!,
            amount: line.amount,
          })),
      );
      return { amount: split.total.vatCents / 100, currency, quantity: 1 };
    }),
  );
}
