/**
 * A part of the page whose code loads only when the visitor comes near it (the footer, below
 * every page's fold), so it is not in the JavaScript a page loads to become interactive.
 *
 * The server renders it in place, inside a Suspense boundary. In the browser the same boundary
 * suspends while hydrating until the visitor scrolls the part's element (found by `id`) within a
 * screen of the viewport, or points at, touches or focuses it; then its code loads and React
 * hydrates the server's HTML where it stands (nothing is re-rendered, so what was typed in it
 * stays). Until then it is plain HTML: links work, and a press on one of its buttons is held and
 * made again once React has it (lib/early-presses.ts; the element carries `data-hydrates-later`,
 * and `data-hydrated` once the hydration has committed).
 */
import { lazy, memo, Suspense, type ComponentType } from 'react';
import { islandHydratedAttribute, pressWaitingEvent } from '../../lib/early-presses';
import { OnCommit } from './on-commit';

/**
 * The visitor reaching for the part: pointing at, touching or focusing it, or a press on it that
 * was held before the page hydrated.
 */
const reachEvents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', pressWaitingEvent] as const;

/**
 * Resolves once the visitor reaches for the element `id`, or scrolls it within a screen of the
 * viewport. Not merely because it is on screen at load: on a short page the visitor has not come
 * for it yet, and its code would only add to what the page loads before it is interactive.
 */
function whenNear(id: string): Promise<void> {
  return new Promise((resolve) => {
    const element = document.getElementById(id);
    // No server HTML to keep (React rendered afresh), or no observer: load at once.
    if (!element || typeof IntersectionObserver === 'undefined') return resolve();
    // Reached for already, before this code ran (focus in it, e.g. an autofilled field).
    if (element.matches(':focus-within')) return resolve();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && near(), {
      rootMargin: '100% 0px',
    });
    const watchScrolling = () => observer.observe(element);
    function near() {
      observer.disconnect();
      removeEventListener('scroll', watchScrolling);
      for (const type of reachEvents) element!.removeEventListener(type, near, true);
      resolve();
    }
    addEventListener('scroll', watchScrolling, { once: true, passive: true });
    for (const type of reachEvents) element.addEventListener(type, near, { capture: true, passive: true });
  });
}

/** `id` is the id of the part's outermost element, which must also carry `hydratesLaterAttribute` (lib/early-presses.ts). */
export function hydrateWhenNear<P extends object>(id: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  const loadCode = () => load().then((component) => (loaded = component));
  // The server has the code from its start, and renders the part in place.
  if (import.meta.env.SSR) loadCode().catch((error: unknown) => console.error(`[${id}] code:`, error));
  const Lazy = lazy(async () => {
    if (!loaded) await whenNear(id).then(loadCode);
    return { default: loaded! };
  });
  // Held presses on the part go through once its hydration has committed (lib/early-presses.ts).
  const markHydrated = () => document.getElementById(id)?.setAttribute(islandHydratedAttribute, '');
  function HydrateWhenNear(props: P) {
    const Component = loaded ?? Lazy;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
        <OnCommit run={markHydrated} />
      </Suspense>
    );
  }
  // A boundary that still waits to hydrate and gets new props is rendered afresh, dropping the
  // server's HTML (and what was typed in it): the layout re-renders as the page settles, with the
  // same props, and memo keeps that from reaching the boundary.
  return memo(HydrateWhenNear);
}
