/**
 * The cart in storage and its actions with their toasts, in a window stand-in (localStorage and
 * the storage event other tabs cause); the toasts module is replaced by a recorder.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

const shown = vi.hoisted(() => [] as Array<{ type: string; message: string }>);
vi.mock('../../components/ui/toast/toasts', () => {
  const record = (type: string) => (message: string) => void shown.push({ type, message });
  const toast = Object.assign(record('blank'), { success: record('success'), error: record('error') });
  return { loadToasts: () => Promise.resolve(toast) };
});

const { addToCart, clearCart, emptyCartAfterOrder, removeFromCart, updateQuantity } = await import('./cart-actions.ts');
const { cartItems, cartStorageKey, subscribeToCart, writeCartItems } = await import('./cart-store.ts');
const { CartProvider, useCart } = await import('./cart-provider.tsx');

const leadership = { id: 'p-usd', title: 'Executive Leadership Programme', price: 'USD 1,250' };
const women = { id: 'p-kes', title: 'Women in Leadership', price: 'KES 65,000' };

/** A window with its own localStorage; `otherTab` changes storage as another tab would. */
function fakeWindow() {
  const data = new Map<string, string>();
  const storage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
  };
  const target = new EventTarget();
  const win = Object.assign(target, { localStorage: storage });
  const otherTab = (value: string | null) => {
    if (value === null) data.delete(cartStorageKey);
    else data.set(cartStorageKey, value);
    target.dispatchEvent(Object.assign(new Event('storage'), { key: cartStorageKey }));
  };
  return { win, data, storage, otherTab };
}

let page: ReturnType<typeof fakeWindow>;
const stored = () => JSON.parse(page.data.get(cartStorageKey) ?? 'null') as unknown;
const toasts = async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return shown.splice(0);
};

beforeEach(() => {
  page = fakeWindow();
  vi.stubGlobal('window', page.win);
  shown.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('cart actions', () => {
  it('adds with quantity 1 and the toast “{title} added to cart!”', async () => {
    addToCart(leadership);
    expect(stored()).toEqual([{ program: leadership, quantity: 1 }]);
    expect(await toasts()).toEqual([{ type: 'success', message: 'Executive Leadership Programme added to cart!' }]);
  });

  it('refuses a program already present with the error toast “{title} is already in your cart.”', async () => {
    addToCart(leadership);
    updateQuantity(leadership.id, 3);
    await toasts();
    addToCart(leadership);
    expect(stored()).toEqual([{ program: leadership, quantity: 3 }]);
    expect(await toasts()).toEqual([
      { type: 'error', message: 'Executive Leadership Programme is already in your cart.' },
    ]);
  });

  it('removes with “Item removed from cart.” and clears with “Cart cleared.”', async () => {
    addToCart(leadership);
    addToCart(women);
    await toasts();
    removeFromCart(leadership.id);
    expect(stored()).toEqual([{ program: women, quantity: 1 }]);
    expect(await toasts()).toEqual([{ type: 'success', message: 'Item removed from cart.' }]);
    clearCart();
    expect(stored()).toEqual([]);
    expect(await toasts()).toEqual([{ type: 'success', message: 'Cart cleared.' }]);
  });

  it('floors quantity changes at 1, without a toast', async () => {
    addToCart(women);
    await toasts();
    updateQuantity(women.id, 0);
    expect(cartItems()[0]!.quantity).toBe(1);
    updateQuantity(women.id, 4);
    expect(cartItems()[0]!.quantity).toBe(4);
    expect(await toasts()).toEqual([]);
  });

  it('empties the cart after an order without a toast', async () => {
    addToCart(women);
    await toasts();
    emptyCartAfterOrder();
    expect(stored()).toEqual([]);
    expect(await toasts()).toEqual([]);
  });

  it('writes back a tampered cart cleaned: invalid entries dropped, valid ones kept', () => {
    page.data.set(
      cartStorageKey,
      JSON.stringify([
        { program: women, quantity: -1 },
        { program: leadership, quantity: 2 },
      ]),
    );
    addToCart(women);
    expect(stored()).toEqual([
      { program: leadership, quantity: 2 },
      { program: women, quantity: 1 },
    ]);
  });
});

describe('cart store', () => {
  it('returns the same array until the stored cart changes', () => {
    writeCartItems([{ program: women, quantity: 1 }]);
    const first = cartItems();
    expect(cartItems()).toBe(first);
    writeCartItems([{ program: women, quantity: 2 }]);
    expect(cartItems()).not.toBe(first);
    expect(cartItems()).toEqual([{ program: women, quantity: 2 }]);
  });

  it('tells subscribers about writes in this tab and changes made in another tab', () => {
    const onChange = vi.fn();
    const unsubscribe = subscribeToCart(onChange);
    addToCart(leadership);
    expect(onChange).toHaveBeenCalledTimes(1);
    page.otherTab(JSON.stringify([{ program: women, quantity: 5 }]));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(cartItems()).toEqual([{ program: women, quantity: 5 }]);
    // Other keys changing elsewhere are none of the cart's business.
    page.win.dispatchEvent(Object.assign(new Event('storage'), { key: 'theme' }));
    expect(onChange).toHaveBeenCalledTimes(2);
    unsubscribe();
    page.otherTab('[]');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('CartProvider', () => {
  function Probe() {
    const cart = useCart();
    return createElement('p', null, `${String(cart.ready)} ${cart.itemCount} ${cart.items.length}`);
  }

  it('useCart throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderToString(createElement(Probe))).toThrow('useCart must be used within a CartProvider');
  });

  it('knows no cart while rendering on the server (nothing stored there)', () => {
    page.data.set(cartStorageKey, JSON.stringify([{ program: women, quantity: 2 }]));
    expect(renderToString(createElement(CartProvider, null, createElement(Probe)))).toBe('<p>false 0 0</p>');
  });
});
