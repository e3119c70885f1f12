/**
 * The seam for the cart: program lists and program pages show an "Add to cart" button only when a
 * provider above them supplies the cart (the site layout provides one that loads the cart's code
 * on first use). Without it no button renders, so nothing can half-work.
 */
import { createContext, useContext } from 'react';
import type { CartProgram } from '../features/cart/cart-items';

export type { CartProgram };

export interface AddToCart {
  add: (program: CartProgram) => void;
  /** Called on a sign of intent (pointer over, focus) so the first click adds at once. */
  preload?: () => void;
}

const AddToCartContext = createContext<AddToCart | null>(null);

export const AddToCartProvider = AddToCartContext.Provider;

export function useAddToCart(): AddToCart | null {
  return useContext(AddToCartContext);
}

/** "Add to cart", naming the program for screen readers (a list has one button per program). */
export function AddToCartButton({ program, className }: { program: CartProgram; className?: string }) {
  const cart = useAddToCart();
  if (!cart) return null;
  return (
    <button
      type="button"
      className={className}
      onPointerEnter={cart.preload}
      onFocus={cart.preload}
      onClick={() => cart.add(program)}
    >
      Add to cart<span className="visually-hidden">: {program.title}</span>
    </button>
  );
}
