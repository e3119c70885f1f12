/**
 * Presses on script-only buttons (Add to cart, the theme button, the header's menus and search)
 * that come before React has taken the button over. Hydration starts once the page is on screen
 * (document-head/deferred-hydration.server.ts), and parts of a page hydrate later still (lazy
 * blocks), so a quick visitor can press first; without this the press would do nothing. Such a
 * button carries `data-early-press`; an inline script in <head> (`earlyPressScript`, sent by the
 * server with the page's nonce) holds presses on it from the first moment, and the button, once
 * hydrated (`useEarlyPress`), takes it over and presses itself again if it was pressed. A button
 * pressed several times while nothing happened counts once. Links and form submissions are not
 * held: the browser does those itself.
 */
import { useEffect, useRef, type RefObject } from 'react';

declare global {
  interface Window {
    /**
     * Set by `earlyPressScript`: from now on `button`'s presses pass, and if it was pressed
     * before, it is pressed again.
     */
    __earlyPress?: (button: HTMLElement) => void;
  }
}

export const earlyPressScript = `(function(){var held=[],live=new WeakSet();function hold(e){var b=e.target instanceof Element&&e.target.closest('[data-early-press]');if(!b||live.has(b))return;e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(b)<0)held.push(b)}addEventListener('click',hold,true);window.__earlyPress=function(b){live.add(b);var i=held.indexOf(b);if(i>=0){held.splice(i,1);b.click()}}})()`;

/**
 * For a script-only button: spread the result on it (`ref` and the `data-early-press` mark) and,
 * once React handles the button, a press made before is made again.
 */
export function useEarlyPress<T extends HTMLElement>(): { ref: RefObject<T | null>; 'data-early-press': '' } {
  const ref = useRef<T>(null);
  // After every commit, not only the first: a button element React creates anew later must be
  // let through too, or its presses would be held for good. Repeat calls cost a set lookup.
  useEffect(() => {
    if (ref.current) window.__earlyPress?.(ref.current);
  });
  return { ref, 'data-early-press': '' };
}
