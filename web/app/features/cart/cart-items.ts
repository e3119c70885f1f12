/**
 * The cart's rules as pure functions over its items: what a stored cart may hold (anything else
 * is dropped, the rest kept), adding (a program already present is refused), removing, quantity
 * changes (floored at 1), the item count and the totals in USD and KES.
 */
import { KES_PER_USD } from '../../lib/money';
import { parsePrice } from './price';

/** A cart line's program, as the specification's cart item has it: price as text with amount and currency. */
export interface CartProgram {
  id: string;
  title: string;
  /** "USD 1,250" or "KES 65,000". */
  price: string;
}

export interface CartItem {
  program: CartProgram;
  /** Seats: an integer, at least 1. */
  quantity: number;
}

/** Generous bounds for text a real program never exceeds; longer is tampering. */
const MAX_ID = 100;
const MAX_TITLE = 300;
const MAX_PRICE = 60;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max;

/** One stored entry as a cart item, or null when it is not one. */
function itemFrom(entry: unknown): CartItem | null {
  if (!isRecord(entry) || !isRecord(entry.program)) return null;
  const { id, title, price } = entry.program;
  const { quantity } = entry;
  if (!text(id, MAX_ID) || !text(title, MAX_TITLE) || typeof price !== 'string' || price.length > MAX_PRICE)
    return null;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) return null;
  return { program: { id, title, price }, quantity };
}

/**
 * The items of a stored cart (`ascent_cart`: a JSON list of items). Corrupt or tampered storage
 * never breaks a page: unparsable text is an empty cart, invalid entries and repeats of a program
 * are dropped, valid entries kept in their order.
 */
export function readCartItems(raw: string | null): CartItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of parsed) {
    const item = itemFrom(entry);
    if (item && !seen.has(item.program.id)) {
      seen.add(item.program.id);
      items.push(item);
    }
  }
  return items;
}

export type AddOutcome = { added: true; items: CartItem[] } | { added: false; items: readonly CartItem[] };

/** Adds `program` with quantity 1, unless it is already in the cart (then the cart is unchanged). */
export function addItem(items: readonly CartItem[], program: CartProgram): AddOutcome {
  if (items.some((item) => item.program.id === program.id)) return { added: false, items };
  const { id, title, price } = program;
  return { added: true, items: [...items, { program: { id, title, price }, quantity: 1 }] };
}

export function removeItem(items: readonly CartItem[], programId: string): CartItem[] {
  return items.filter((item) => item.program.id !== programId);
}

/** A new quantity, floored at 1 (and made whole); one that is not a number leaves the item as it was. */
export function setQuantity(items: readonly CartItem[], programId: string, quantity: number): CartItem[] {
  if (Number.isNaN(quantity)) return [...items];
  const floored = Math.max(1, Math.floor(Math.min(quantity, Number.MAX_SAFE_INTEGER)));
  return items.map((item) => (item.program.id === programId ? { ...item, quantity: floored } : item));
}

/** The badge's number: the sum of quantities. */
export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

export interface CartTotals {
  usd: number;
  kes: number;
}

/** Hundredths, exactly: 129.16 KES per USD is 12916 / 100. */
const RATE_HUNDREDTHS = Math.round(KES_PER_USD * 100);

/**
 * Both totals, to the cent: KES prices are divided by the rate for USD and USD prices multiplied
 * for KES. Each line is taken in whole cents and the sum rounded once, so the totals match the
 * order's (the database rounds the same way).
 */
export function cartTotals(items: readonly CartItem[]): CartTotals {
  let usdCents = 0;
  let kesCents = 0;
  for (const item of items) {
    const { amount, currency } = parsePrice(item.program.price);
    const cents = Math.round(amount * 100) * item.quantity;
    if (currency === 'KES') kesCents += cents;
    else usdCents += cents;
  }
  // usd = usdCents + kesCents / rate and kes = kesCents + usdCents * rate, in cents, rounded once.
  const usd = Math.round((usdCents * RATE_HUNDREDTHS + kesCents * 100) / RATE_HUNDREDTHS) / 100;
  const kes = Math.round((kesCents * 100 + usdCents * RATE_HUNDREDTHS) / 100) / 100;
  return { usd, kes };
}

/** A line's total in its own currency. */
export function lineTotal(item: CartItem): { amount: number; currency: 'USD' | 'KES' } {
  const { amount, currency } = parsePrice(item.program.price);
  return { amount: (Math.round(amount * 100) * item.quantity) / 100, currency };
}
