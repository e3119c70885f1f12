/**
 * What a visitor does to the cart, with the specification's toasts: add (refused with an error
 * toast when the program is already there), remove, change a quantity, clear. The toast code
 * loads on first use (components/ui/toast), after the cart has already changed.
 */
import { loadToasts, type Toast } from '../../components/ui/toast/toasts';
import type { CartProgram } from './cart-items';
import { addItem, removeItem, setQuantity } from './cart-rules';
import { cartItems, writeCartItems } from './cart-store';

function toast(show: (toast: Toast) => void): void {
  loadToasts().then(show, (error: unknown) => console.error('[cart] the toast could not be shown:', error));
}

export function addToCart(program: CartProgram): void {
  const outcome = addItem(cartItems(), program);
  if (!outcome.added) {
    toast((t) => t.error(`${program.title} is already in your cart.`));
    return;
  }
  writeCartItems(outcome.items);
  toast((t) => t.success(`${program.title} added to cart!`));
}

export function removeFromCart(programId: string): void {
  writeCartItems(removeItem(cartItems(), programId));
  toast((t) => t.success('Item removed from cart.'));
}

export function updateQuantity(programId: string, quantity: number): void {
  writeCartItems(setQuantity(cartItems(), programId, quantity));
}

export function clearCart(): void {
  writeCartItems([]);
  toast((t) => t.success('Cart cleared.'));
}

/** After an order was placed: the cart empties without a toast (the confirmation page says it all). */
export function emptyCartAfterOrder(): void {
  writeCartItems([]);
}
