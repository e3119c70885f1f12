/**
 * Storage that refuses writes (a full quota, privacy settings): the cart keeps working in memory
 * for the page. Its own file: the fallback is the module's state for the rest of the page.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { cartItems, writeCartItems } from './cart-store.ts';

afterEach(() => vi.unstubAllGlobals());

const women = { id: 'p-kes', title: 'Women in Leadership', price: 'KES 65,000' };

it('keeps the cart in memory once storage refuses a write', () => {
  const refusing = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('quota', 'QuotaExceededError');
    },
  };
  vi.stubGlobal('window', Object.assign(new EventTarget(), { localStorage: refusing }));
  writeCartItems([{ program: women, quantity: 1 }]);
  expect(cartItems()).toEqual([{ program: women, quantity: 1 }]);
  writeCartItems([{ program: women, quantity: 2 }]);
  expect(cartItems()).toEqual([{ program: women, quantity: 2 }]);
});

it('reads an empty cart where storage is out of reach', async () => {
  vi.resetModules();
  const fresh = await import('./cart-store.ts');
  vi.stubGlobal(
    'window',
    Object.defineProperty(new EventTarget(), 'localStorage', {
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    }),
  );
  expect(fresh.cartItems()).toEqual([]);
});
