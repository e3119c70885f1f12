/**
 * The header badge's item count, read from the cart in localStorage (`ascent_cart`). A stand-in
 * until the cart feature owns the state: missing, corrupt or unreadable storage counts as 0, and
 * the count follows other tabs (storage event) and this tab (cartChangedEvent).
 */
import { useSyncExternalStore } from 'react';

export const cartStorageKey = 'ascent_cart';

/** Dispatch on window after writing the cart in this tab so the badge updates. */
export const cartChangedEvent = 'ascent:cart-changed';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An item's quantity: the stored integer, floored at 1 as the cart floors it; 1 when unusable. */
function quantityOf(item: Record<string, unknown>): number {
  const { quantity } = item;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return 1;
  return Math.max(1, Math.floor(quantity));
}

/**
 * Sum of quantities of the stored cart items (`{program: {id, title, price}, quantity}`). Entries
 * without a program object are not cart items and are skipped; anything unparsable is 0.
 */
export function cartCountFromStorage(raw: string | null): number {
  if (!raw) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 0;
  }
  const items: unknown = isRecord(parsed) ? parsed.items : parsed;
  if (!Array.isArray(items)) return 0;
  let count = 0;
  for (const item of items) {
    if (isRecord(item) && isRecord(item.program)) count += quantityOf(item);
  }
  return Number.isSafeInteger(count) ? count : 0;
}

function readCount(): number {
  try {
    return cartCountFromStorage(window.localStorage.getItem(cartStorageKey));
  } catch {
    return 0; // storage can throw (privacy settings, sandboxed frames)
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === cartStorageKey) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(cartChangedEvent, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(cartChangedEvent, onChange);
  };
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
