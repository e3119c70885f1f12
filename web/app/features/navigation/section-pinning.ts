/**
 * Keeps a section below the header while late content above it settles (images, client-loaded
 * lists), and reports when the scroll has come to rest. Loaded on the first scroll to a section
 * (section-scroll.ts): most visits never follow a section link, and the public pages' JavaScript
 * budget is tight.
 */
import { headerHeight, scrollToElement } from './section-offset';

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
 * Pins `element` (just scrolled to) below the header while the page above it changes size;
 * `onRest` runs when the scroll has come to rest, unless the visitor took over meanwhile.
 */
export function pinSection(element: HTMLElement, onRest?: () => void): void {
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
    if (element.isConnected) scrollToElement(element, false);
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
      scrollToElement(element, false);
    onRest?.();
  });
}
