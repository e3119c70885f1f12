/**
 * Where a page section sits below the sticky header, and the scroll that puts it there: smooth
 * unless the visitor prefers reduced motion.
 */

/** The site header marks itself with this attribute so scroll offsets follow its real height. */
export const siteHeaderAttribute = 'data-site-header';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Document y to scroll to so that an element starts just below a header of the given height. */
export function sectionScrollTop(elementViewportTop: number, scrollY: number, headerHeight: number): number {
  return Math.max(0, Math.round(elementViewportTop + scrollY - headerHeight));
}

export function headerHeight(): number {
  return document.querySelector(`[${siteHeaderAttribute}]`)?.getBoundingClientRect().height ?? 0;
}

export function scrollToElement(element: Element, smooth: boolean): void {
  const top = sectionScrollTop(element.getBoundingClientRect().top, window.scrollY, headerHeight());
  window.scrollTo({ top, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
}
