/**
 * "Of which VAT" among the cart's totals (issue 29): prices include VAT, and the part of the
 * totals that is VAT is worked out by the site's server (the checkout's prices route, routes/checkout-prices.ts) from each program's
 * tax class and the cart's own prices. Nothing shows while it is being read, nor when it cannot
 * be or a class is unknown: the VAT is never guessed.
 */
import { useEffect, useState } from 'react';
import { formatMoney, type Totals } from '../../lib/money';
import { parsePrice } from '../../lib/price-text';
import type { CartItem } from './cart-items';

function useCartVat(vatPath: string, items: readonly CartItem[]): Totals | null {
  const [answer, setAnswer] = useState<{ query: string; vat: Totals | null } | null>(null);
  const query = new URLSearchParams(
    items.map((item) => {
      const price = parsePrice(item.program.price);
      return ['line', `${item.program.id}:${item.quantity}:${price.amount}:${price.currency}`];
    }),
  ).toString();
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    fetch(`${vatPath}?${query}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ vat: Totals | null }>) : { vat: null }))
      .then(
        ({ vat }) => setAnswer({ query, vat }),
        () => undefined,
      );
    return () => controller.abort();
  }, [vatPath, query]);
  // An answer for other lines (a seat added since) is not shown.
  return answer?.query === query ? answer.vat : null;
}

export function CartVat({ vatPath, items }: { vatPath: string; items: readonly CartItem[] }) {
  const vat = useCartVat(vatPath, items);
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
