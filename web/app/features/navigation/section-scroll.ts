/**
 * Scrolling to a page section below the sticky header, smoothly unless the visitor prefers
 * reduced motion, keeping it there while late content settles, and reporting when the scroll has
 * come to rest (callers then put the hash in the URL).
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

function headerHeight(): number {
  return document.querySelector(`[${siteHeaderAttribute}]`)?.getBoundingClientRect().height ?? 0;
}

function scrollTo(element: Element, smooth: boolean): void {
  const top = sectionScrollTop(element.getBoundingClientRect().top, window.scrollY, headerHeight());
  window.scrollTo({ top, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
}

/**
 * A section stays pinned below the header while the page above it is still settling (images,
 * client-loaded lists): until no list above it is loading and the page size has been quiet for
 * `quietMs`, at most `maxMs` in all. Waiting on the lists themselves, not only on quiet time,
 * matters on a busy phone, where a list can arrive long after the last resize.
 */
const pinning = { quietMs: 1500, maxMs: 10_000 };

/** Live lists mark their loading state with aria-busy (blocks/live/live-rows.tsx). */
function loadingAbove(page: Element, element: Element): boolean {
  for (const busy of page.querySelectorAll('[aria-busy="true"]')) {
    if (busy.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) return true;
  }
  return false;
}

/** When a scroll counts as finished without a `scrollend` event. */
const settling = { noScrollMs: 150, lastScrollMs: 1000, maxMs: 3000 };

/** Visitor input that ends the pinning: from then on, where the page is is their choice. */
const visitorInput = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Calls `done` once, when scrolling has come to rest (or never started). */
function whenScrollRests(done: () => void): void {
  const hasScrollEnd = 'onscrollend' in window;
  let idle = window.setTimeout(finish, settling.noScrollMs);
  const cap = window.setTimeout(finish, settling.maxMs);
  function onScroll() {
    window.clearTimeout(idle);
    idle = window.setTimeout(finish, hasScrollEnd ? settling.lastScrollMs : settling.noScrollMs);
  }
  function finish() {
    window.clearTimeout(idle);
    window.clearTimeout(cap);
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('scrollend', finish);
    done();
  }
  window.addEventListener('scroll', onScroll, { passive: true });
  if (hasScrollEnd) window.addEventListener('scrollend', finish);
}

/**
 * Scrolls to the element with this id, offset by the header, and keeps it there while the page
 * above it changes size. `onRest` runs when the scroll has come to rest, unless the visitor took
 * over meanwhile. False when there is no such element.
 */
export function scrollToSection(id: string, onRest?: () => void): boolean {
  const found = document.getElementById(id);
  if (!found) return false;
  const element: HTMLElement = found;
  scrollTo(element, true);

  const page = document.getElementById('main') ?? document.body;
  let lastHeight = page.getBoundingClientRect().height;
  let takenOver = false;
  let quiet = window.setTimeout(quietElapsed, pinning.quietMs);
  const cap = window.setTimeout(release, pinning.maxMs);
  const observer = new ResizeObserver(() => {
    const height = page.getBoundingClientRect().height;
    if (height === lastHeight) return;
    lastHeight = height;
    window.clearTimeout(quiet);
    quiet = window.setTimeout(quietElapsed, pinning.quietMs);
    if (element.isConnected) scrollTo(element, false);
  });
  function quietElapsed() {
    if (element.isConnected && loadingAbove(page, element)) quiet = window.setTimeout(quietElapsed, pinning.quietMs);
    else release();
  }
  function takeOver() {
    takenOver = true;
    release();
  }
  function release() {
    observer.disconnect();
    window.clearTimeout(quiet);
    window.clearTimeout(cap);
    for (const type of visitorInput) window.removeEventListener(type, takeOver);
  }
  for (const type of visitorInput) window.addEventListener(type, takeOver, { passive: true });
  observer.observe(page);
  whenScrollRests(() => {
    if (takenOver) return;
    // A smooth scroll aims at where the section was when it started; the page may have moved since.
    if (element.isConnected && Math.abs(element.getBoundingClientRect().top - headerHeight()) > 1)
      scrollTo(element, false);
    onRest?.();
  });
  return true;
}

export function scrollToTop(smooth: boolean): void {
  window.scrollTo({ top: 0, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
}
