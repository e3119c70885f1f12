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

/** Scrolls to the element with this id, offset by the header; false when there is no such element. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = sectionScrollTop(element.getBoundingClientRect().top, window.scrollY, headerHeight());
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  return true;
}

export function scrollToTop(smooth: boolean): void {
  window.scrollTo({ top: 0, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
}
