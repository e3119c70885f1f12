/**
 * The cart for the screens that show it (/cart, /checkout): items, count and totals from the
 * store, and its actions. `useCart` outside a CartProvider throws: such a screen would show an
 * empty cart that never fills. Other pages load none of this (the badge reads the store itself,
 * Add to cart loads the actions on first use).
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { addToCart, clearCart, emptyCartAfterOrder, removeFromCart, updateQuantity } from './cart-actions';
import { itemCount, type CartItem } from './cart-items';
import { cartTotals, type CartTotals } from './cart-rules';
import { cartItems, subscribeToCart } from './cart-store';

export interface CartContextValue {
  /** False on the server and while hydrating: the stored cart is not known yet. */
  ready: boolean;
  items: readonly CartItem[];
  itemCount: number;
  totals: CartTotals;
  addToCart: typeof addToCart;
  removeFromCart: typeof removeFromCart;
  updateQuantity: typeof updateQuantity;
  clearCart: typeof clearCart;
  emptyCartAfterOrder: typeof emptyCartAfterOrder;
}

const CartContext = createContext<CartContextValue | null>(null);

const unknown = () => null;

export function CartProvider({ children }: { children: ReactNode }) {
  const items = useSyncExternalStore(subscribeToCart, cartItems, unknown);
  const value = useMemo<CartContextValue>(
    () => ({
      ready: items !== null,
      items: items ?? [],
      itemCount: itemCount(items ?? []),
      totals: cartTotals(items ?? []),
      addToCart,
      removeFromCart,
      updateQuantity,
      clearCart,
      emptyCartAfterOrder,
    }),
    [items],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used within a CartProvider');
  return context;
}
