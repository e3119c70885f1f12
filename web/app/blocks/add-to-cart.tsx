/**
 * "Add to cart" for program lists and program pages; once the program is in the cart (from this
 * tab or another) it becomes the link "In your cart — view cart". The cart's code (its rules,
 * storage writes and toasts) loads on the first click, or ahead of it on a sign of intent (pointer
 * over, focus), so pages that only list programs stay light (the 118 KiB budget). A press before
 * the page has hydrated counts (lib/early-presses.ts).
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CART_PATH } from '../config/commerce-paths';
import { addToCartLazily, preloadCart } from '../features/cart/add-to-cart-lazily';
import type { CartProgram } from '../features/cart/cart-items';
import { useInCart } from '../features/cart/use-in-cart';

/** Its name names the program too (a list has one button per program). */
export function AddToCartButton({ program, className }: { program: CartProgram; className?: string }) {
  const inCart = useInCart(program.id);
  const pressed = useRef(false);
  const link = useRef<HTMLAnchorElement>(null);

  // The pressed button is gone: its link takes the focus, so a keyboard user stays in place.
  useEffect(() => {
    if (!inCart || !pressed.current) return;
    pressed.current = false;
    if (document.activeElement === document.body || !document.activeElement) link.current?.focus();
  }, [inCart]);

  if (inCart)
    return (
      <Link
        ref={link}
        to={CART_PATH}
        className={`${className ?? ''} button--secondary`}
        aria-label={`In your cart — view cart: ${program.title}`}
      >
        In your cart — view cart
      </Link>
    );
  return (
    <button
      type="button"
      className={className}
      aria-label={`Add to cart: ${program.title}`}
      onPointerEnter={preloadCart}
      onFocus={preloadCart}
      onClick={() => {
        pressed.current = true;
        addToCartLazily(program);
      }}
    >
      Add to cart
    </button>
  );
}
