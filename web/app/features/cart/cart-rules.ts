/**
 * The cart's rules as pure functions over its items: adding (a program already present is
 * refused), removing, quantity changes (kept within 1 to 50) and the totals in USD and KES.
 */
import { totalsOf, type Totals } from '../../lib/money';
import { MAX_SEATS_PER_PROGRAM, type CartItem, type CartProgram } from './cart-items';
import { parsePrice } from '../../lib/price-text';

export type AddOutcome = { added: true; items: CartItem[] } | { added: false; items: readonly CartItem[] };

/** Adds `program` with quantity 1, unless it is already in the cart (then the cart is unchanged). */
export function addItem(items: readonly CartItem[], program: CartProgram): AddOutcome {
  if (items.some((item) => item.program.id === program.id)) return { added: false, items };
  const { id, title, price, until } = program;
  return { added: true, items: [...items, { program: { id, title, price, until }, quantity: 1 }] };
}

export function removeItem(items: readonly CartItem[], programId: string): CartItem[] {
  return items.filter((item) => item.program.id !== programId);
}

/** A new quantity, kept within 1 to 50 (and made whole); one that is not a number leaves the item as it was. */
export function setQuantity(items: readonly CartItem[], programId: string, quantity: number): CartItem[] {
  if (Number.isNaN(quantity)) return [...items];
  const floored = Math.max(1, Math.floor(Math.min(quantity, MAX_SEATS_PER_PROGRAM)));
  return items.map((item) => (item.program.id === programId ? { ...item, quantity: floored } : item));
}

export type CartTotals = Totals;

/** Both totals at 129.16 KES per USD, to the cent (domain/money.ts totalsOf), from each item's price text. */
export function cartTotals(items: readonly CartItem[]): CartTotals {
  return totalsOf(items.map((item) => ({ ...parsePrice(item.program.price), quantity: item.quantity })));
}

/** A line's total in its own currency. */
export function lineTotal(item: CartItem): { amount: number; currency: 'USD' | 'KES' } {
  const { amount, currency } = parsePrice(item.program.price);
  return { amount: (Math.round(amount * 100) * item.quantity) / 100, currency };
}
