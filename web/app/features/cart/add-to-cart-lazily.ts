/**
 * Add to cart for pages that only list programs: the cart's actions (and the toasts) load on the
 * first click, so those pages carry none of the cart's code (the 118 KiB budget).
 */
import type { CartProgram } from './cart-items';

let actions: Promise<typeof import('./cart-actions')> | undefined;

function loadActions() {
  actions ??= import('./cart-actions').catch((error: unknown) => {
    actions = undefined; // a failed chunk load (offline, new deployment): the next click tries again
    throw error;
  });
  return actions;
}

export function addToCartLazily(program: CartProgram): void {
  loadActions().then(
    (module) => module.addToCart(program),
    (error: unknown) => console.error(error), // its chunk did not load: the next click tries again
  );
}

/** On a sign of intent (pointer over, focus): the first click then adds at once. */
export function preloadCart(): void {
  loadActions().catch(() => undefined);
}
