/**
 * The cart's one source of truth: the items in localStorage under `ascent_cart`, read (and
 * cleaned, see readCartItems) on demand, written back as a JSON list. Everything that shows the
 * cart subscribes here, so the badge, the cart page and other tabs (the storage event) stay in
 * step. Storage that throws (privacy settings, a full quota) falls back to memory for this page.
 */
import { readCartItems, type CartItem } from './cart-items';

export const cartStorageKey = 'ascent_cart';

const listeners = new Set<() => void>();
/** Set once storage has refused a write: the cart then lives in memory until the page is left. */
let memory: string | null | undefined;
let snapshot: { raw: string | null; items: readonly CartItem[] } | undefined;

function readRaw(): string | null {
  if (memory !== undefined) return memory;
  try {
    return window.localStorage.getItem(cartStorageKey);
  } catch {
    return null; // storage can be out of reach (sandboxed frames, privacy settings)
  }
}

/** The current items; the same array until the stored text changes (useSyncExternalStore needs that). */
export function cartItems(): readonly CartItem[] {
  const raw = readRaw();
  if (!snapshot || snapshot.raw !== raw) snapshot = { raw, items: readCartItems(raw) };
  return snapshot.items;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function writeCartItems(items: readonly CartItem[]): void {
  const raw = JSON.stringify(items);
  try {
    if (memory !== undefined) throw new Error('storage refused an earlier write');
    window.localStorage.setItem(cartStorageKey, raw);
  } catch {
    memory = raw;
  }
  notify();
}

/** Calls `onChange` when this tab writes the cart or another tab changes it. */
export function subscribeToCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: another tab cleared the whole storage.
    if (event.key === cartStorageKey || event.key === null) onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}
