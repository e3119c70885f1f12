/** The header badge's number: the sum of the cart's quantities, following this tab and others. */
import { useSyncExternalStore } from 'react';
import { itemCount } from './cart-items';
import { cartItems, subscribeToCart } from './cart-store';

const count = () => itemCount(cartItems());

export function useCartCount(): number {
  // The server knows no cart: 0 there and while hydrating, then the stored count.
  return useSyncExternalStore(subscribeToCart, count, () => 0);
}
