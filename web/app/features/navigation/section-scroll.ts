/** Scrolling to a page section below the sticky header, smoothly unless the visitor prefers reduced motion. */

/** The site header marks itself with this attribute so scroll offsets follow its real height. */
export const siteHeaderAttribute = 'data-site-header';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Document y to scroll to so that an element starts just below a header of the given height. */
export function sectionScrollTop(elementViewportTop: number, scrollY: number, headerHeight: number): number {
  return Math.max(0, Math.round(elementViewportTop + scrollY - headerHeight));
}

function headerHeight(): number {
  return document.querySelector(`[${siteHeaderAttribute}]`)?.getBoundingClientRect().height ?? 0;
}

/** How long a section stays pinned below the header while the page above it is still settling. */
const settleWindowMs = 2000;

/** Visitor input that ends the pinning: from then on, where the page is is their choice. */
const visitorInput = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function scrollTo(element: Element, smooth: boolean): void {
  const top = sectionScrollTop(element.getBoundingClientRect().top, window.scrollY, headerHeight());
  window.scrollTo({ top, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
}

/**
 * Content that arrives after the scroll (images, client-loaded lists) can push the section down.
 * For a short while, each change of the page's size scrolls to the section again, unless the
 * visitor has started scrolling or typing themselves.
 */
function keepInPlace(element: Element): void {
  const page = document.getElementById('main') ?? document.body;
  let lastHeight = page.getBoundingClientRect().height;
  const observer = new ResizeObserver(() => {
    const height = page.getBoundingClientRect().height;
    if (height === lastHeight) return;
    lastHeight = height;
    if (element.isConnected) scrollTo(element, false);
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of visitorInput) window.removeEventListener(type, stop);
  };
  const timer = window.setTimeout(stop, settleWindowMs);
  for (const type of visitorInput) window.addEventListener(type, stop, { passive: true });
  observer.observe(page);
}

/** Scrolls to the element with this id, offset by the header; false when there is no such element. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  scrollTo(element, true);
  keepInPlace(element);
  return true;
}

export function scrollToTop(smooth: boolean): void {
  window.scrollTo({ top: 0, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
}
