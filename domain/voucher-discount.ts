/**
 * A voucher's discount and an early-bird price as every order document words them (issue 30): the
 * confirmation page, the e-mails and the pro-forma invoice. Amounts are the database's
 * (create_order's); nothing here computes a discount.
 */
import { formatMoney } from './money.ts';
import type { OrderDocument, OrderLine } from './order-document.ts';

/** "USD 500.00 off with code SPRING20 (2 seats)", or null for a line without a discount. */
export function lineDiscountText(line: OrderLine, code: string | null): string | null {
  if (line.discount_amount <= 0) return null;
  const seats = line.discounted_seats === 1 ? '1 seat' : `${line.discounted_seats} seats`;
  return `${formatMoney(line.discount_amount, line.currency, { cents: true })} off with code ${code ?? ''} (${seats})`;
}

/** "early-bird price (regular USD 1,250)", or null for a line charged the regular price. */
export function lineEarlyBirdText(line: OrderLine): string | null {
  if (line.regular_unit_price === null || !line.early_bird_until) return null;
  return `early-bird price (regular ${formatMoney(line.regular_unit_price, line.currency)})`;
}

/**
 * A line's price notes as a line of their own (the e-mails, the pro-forma invoice): "Early-bird
 * price (regular USD 1,250); USD 200.00 off with code SPRING20 (1 seat)", or null for a line
 * charged its regular price in full.
 */
export function linePriceNote(line: OrderLine, code: string | null): string | null {
  const text = [lineEarlyBirdText(line), lineDiscountText(line, code)].filter(Boolean).join('; ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

/** The order's discount in both currencies, or null for an order without a voucher. */
export function orderDiscount(order: OrderDocument): { label: string; usd: string; kes: string } | null {
  if (!order.voucher_code) return null;
  return {
    label: `Discount with code ${order.voucher_code}`,
    usd: formatMoney(order.discount_usd, 'USD', { cents: true }),
    kes: formatMoney(order.discount_kes, 'KES', { cents: true }),
  };
}
