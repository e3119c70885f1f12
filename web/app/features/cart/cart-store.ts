/**
 * The cart's one source of truth: the items in localStorage under `ascent_cart`, read (and
 * cleaned, see readCartItems) on demand, written back as a JSON list. Everything that shows the
 * cart subscribes here, so the badge, the cart page and other tabs (the storage event) stay in
 * step. Storage that throws (privacy settings, a full quota) falls back to memory for this page.
 */
import { readCartItems, type CartItem } from './cart-items';

export const cartStorageKey = 'ascent_cart';

const listeners = new Set<() => void>();
/**
 * Set once the storage has refused a write (or cannot be reached): the cart then lives in memory
 * until the page is left. Kept per storage object, so a page with working storage never reads it.
 */
let memory: { storage: Storage | null; raw: string | null } | undefined;
let snapshot: { raw: string | null; items: readonly CartItem[] } | undefined;

/** The page's localStorage, or null where reaching it throws (sandboxed frames, privacy settings). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  const store = storage();
  if (memory && memory.storage === store) return memory.raw;
  try {
    return store?.getItem(cartStorageKey) ?? null;
  } catch {
    return null;
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
  const store = storage();
  if (memory && memory.storage === store) memory.raw = raw;
  else {
    try {
      if (!store) throw new Error('no localStorage');
      store.setItem(cartStorageKey, raw);
    } catch {
      memory = { storage: store, raw };
    }
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
