/** Whether a program is in the cart, following this tab and others (Add to cart becomes a link to the cart). */
import { useSyncExternalStore } from 'react';
import { cartItems, subscribeToCart } from './cart-store';

export function useInCart(programId: string): boolean {
  const inCart = () => cartItems().some((item) => item.program.id === programId);
  // The server knows no cart: false there and while hydrating, then the stored cart's answer.
  return useSyncExternalStore(subscribeToCart, inCart, () => false);
}
