/**
 * The cart's items and what a stored cart may hold (anything else is dropped, the rest kept),
 * with the item count: all the header's badge needs, on every page. The rules for changing the
 * cart are in cart-rules.ts, loaded only where the cart changes.
 */
import { MAX_SEATS_PER_PROGRAM } from '../../../../domain/limits.ts';

/** A cart line's program, as the specification's cart item has it: price as text with amount and currency. */
export interface CartProgram {
  id: string;
  title: string;
  /** "USD 1,250" or "KES 65,000". */
  price: string;
  /** An early-bird price's deadline: "until 1 Feb 2027, 23:59 EAT" (from storage: anything, shown only when text). */
  until?: unknown;
}

export interface CartItem {
  program: CartProgram;
  /** Seats: an integer, 1 to MAX_SEATS_PER_PROGRAM. */
  quantity: number;
}

/** 1 to 50 seats per program, as create_order allows. */
export { MAX_SEATS_PER_PROGRAM };

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
  const { id, title, price, until } = entry.program;
  const { quantity } = entry;
  if (!text(id, MAX_ID) || !text(title, MAX_TITLE) || typeof price !== 'string' || price.length > MAX_PRICE)
    return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_SEATS_PER_PROGRAM)
    return null;
  // `until` is kept as stored: the cart shows it only when it is text (cart-view.tsx).
  return { program: { id, title, price, until }, quantity };
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

/** The badge's number: the sum of quantities. */
export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}
