/** What an order is charged over M-Pesa: whole shillings, rounded up, USD orders at their recorded rate. */

export interface OrderTotals {
  currency: 'USD' | 'KES';
  total_kes: number;
  total_usd: number;
  kes_per_usd: number;
}

/** Whole KES, never less than the order is worth (M-Pesa takes no cents). */
export function mpesaAmount(order: OrderTotals): number {
  // Work in cents as integers so 650.000000001 from float arithmetic does not round up a shilling.
  const kesCents =
    order.currency === 'KES'
      ? Math.round(order.total_kes * 100)
      : Math.round(Math.round(order.total_usd * 100) * order.kes_per_usd);
  return Math.max(1, Math.ceil(kesCents / 100));
}

/** Daraja's AccountReference holds at most 12 characters: 'ASC-2026-000123' -> '2026-000123'. */
export function accountReference(orderReference: string): string {
  return orderReference.replace(/^ASC-/, '').slice(-12);
}
