/**
 * "Add to cart" for program lists and program pages. The cart's code (its rules, storage writes
 * and toasts) loads on the first click, or ahead of it on a sign of intent (pointer over, focus),
 * so pages that only list programs stay light (the 120 KiB budget). A press before the page has
 * hydrated counts (lib/early-presses.ts).
 */
import { addToCartLazily, preloadCart } from '../features/cart/add-to-cart-lazily';
import type { CartProgram } from '../features/cart/cart-items';

/** Its name names the program too (a list has one button per program). */
export function AddToCartButton({ program, className }: { program: CartProgram; className?: string }) {
  return (
    <button
      type="button"
      className={className}
      aria-label={`Add to cart: ${program.title}`}
      onPointerEnter={preloadCart}
      onFocus={preloadCart}
      onClick={() => addToCartLazily(program)}
    >
      Add to cart
    </button>
  );
}
