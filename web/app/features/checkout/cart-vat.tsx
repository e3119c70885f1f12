/**
 * The VAT inside the cart's totals (issue 29), a row of the cart's totals list composed in by the
 * /cart route. The cart keeps no tax class, so the programs' classes and rates are read from
 * /checkout/prices (the checkout's quote) and split by vat-totals.ts on the cart's own prices (the
 * totals shown). Nothing is shown until they are read, nor when they cannot be or a class is
 * unknown: the VAT is never guessed.
 */
import { useEffect, useState } from 'react';
import { formatMoney, type Totals } from '../../lib/money';
import { parsePrice } from '../../lib/price-text';
import { fetchQuote } from './quote';
import { vatTotals } from './vat-totals';

export interface CartVatLine {
  programId: string;
  /** The price as the cart stores it ("USD 1,250"). */
  price: string;
  quantity: number;
}

function useCartVat(lines: readonly CartVatLine[]): Totals | null {
  const [vat, setVat] = useState<Totals | null>(null);
  // One string for the lines: a new array of the same lines reads nothing again.
  const key = JSON.stringify(lines);
  useEffect(() => {
    const current = JSON.parse(key) as CartVatLine[];
    if (current.length === 0) return;
    const controller = new AbortController();
    fetchQuote(
      current.map((line) => line.programId),
      controller.signal,
    )
      .then((quote) => {
        const classes = new Map(quote.programs.map((program) => [program.id, program.taxClass]));
        setVat(
          vatTotals(
            current.map((line) => {
              const price = parsePrice(line.price);
              return {
                unitPrice: price.amount,
                currency: price.currency,
                quantity: line.quantity,
                taxClass: classes.get(line.programId) ?? null,
              };
            }),
          ),
        );
      })
      .catch(() => {
        if (!controller.signal.aborted) setVat(null);
      });
    return () => controller.abort();
  }, [key]);
  return lines.length === 0 ? null : vat;
}

export function CartVat({ lines }: { lines: readonly CartVatLine[] }) {
  const vat = useCartVat(lines);
  if (!vat) return null;
  return (
    <div>
      <dt>Of which VAT</dt>
      <dd data-testid="vat-included">
        {formatMoney(vat.usd, 'USD', { cents: true })} / {formatMoney(vat.kes, 'KES', { cents: true })}
      </dd>
    </div>
  );
}
