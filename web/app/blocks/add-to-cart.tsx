/**
 * The seam for the cart: program lists show an "Add to cart" button only when a provider above
 * them supplies the handler (the commerce feature wraps the site layout in
 * <AddToCartProvider value={addItem}>). Without it no button renders, so nothing can half-work.
 */
import { createContext, useContext } from 'react';

/** A cart line's program, as the spec's cart item has it: price as text with amount and currency. */
export interface CartProgram {
  id: string;
  title: string;
  /** "USD 1,250" or "KES 65,000". */
  price: string;
}

const AddToCartContext = createContext<((program: CartProgram) => void) | null>(null);

export const AddToCartProvider = AddToCartContext.Provider;

export function useAddToCart(): ((program: CartProgram) => void) | null {
  return useContext(AddToCartContext);
}
