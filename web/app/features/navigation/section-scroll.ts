/**
 * Scrolling to a page section below the sticky header, smoothly unless the visitor prefers
 * reduced motion, keeping it there while late content settles (section-pinning.ts, loaded on first
 * use), and reporting when the scroll has come to rest (callers then put the hash in the URL).
 */
import { prefersReducedMotion, scrollToElement } from './section-offset';

/**
 * Scrolls to the element with this id, offset by the header, and keeps it there while the page
 * above it changes size. `onRest` runs when the scroll has come to rest, unless the visitor took
 * over meanwhile. False when there is no such element.
 */
export function scrollToSection(id: string, onRest?: () => void): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  scrollToElement(element, true);
  import('./section-pinning').then(
    ({ pinSection }) => pinSection(element, onRest),
    // Without the pinning code (offline, a new deployment) the scroll has happened: finish it.
    () => onRest?.(),
  );
  return true;
}

export function scrollToTop(smooth: boolean): void {
  window.scrollTo({ top: 0, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
}
